/**
 * What an empty value means, where the declaration says (`emptyMeans`: 全部门店 / All stores,
 * 不限 / Unlimited): a list cell or a detail shows those words instead of the dash, which
 * otherwise stands for "not filled in". Applied to every kind once, by the registry
 * (field-kinds.ts), so lists, details, lines and object members all say it the same way.
 */
import type { FieldKindSpec } from './field-kind';

function isEmpty(value: unknown): boolean {
  return value === null || value === undefined || value === '' || (Array.isArray(value) && value.length === 0);
}

/** The spec with its cell and display saying what an empty value means (`<label key>.empty`). */
export function withEmptyMeaning(spec: FieldKindSpec): FieldKindSpec {
  const display = spec.display ?? spec.cell;
  return {
    ...spec,
    cell: (ctx, value, record) => (ctx.field.emptyMeans && isEmpty(value) ? ctx.t(`${ctx.key}.empty`) : spec.cell(ctx, value, record)),
    display: (ctx, value, record) => (ctx.field.emptyMeans && isEmpty(value) ? ctx.t(`${ctx.key}.empty`) : display(ctx, value, record)),
  };
}
