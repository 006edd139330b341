/**
 * The `lines` kind: the lines of a document, edited with their header as an editable table (one
 * Form.Item per cell, so every line field keeps its own rules and server errors), shown on the
 * detail page as a read-only table. Line fields reuse the other kinds' specs; a line field may be
 * an object (which may hold lines again), and lines may sit inside an object (`ctx.path`).
 * A line field with `when` (a coupon line's type decides its fields) has an input only in the
 * lines it applies to, and is sent as null in the others. The tables are in lines-tables.tsx.
 */
import type { FieldKind, LineField, LinesField } from '../../../resources/define';
import { lineFieldApplies } from '../../../resources/field-rules';
import type { ApiRecord, FieldContext, FieldKindSpec } from '../field-kind';
import { DASH, labelOf } from '../field-helpers';
import { lazySlot } from '../../screens/lazy-slot';
import { loadingField, loadingValue } from '../controls/loading-placeholders';

// The tables are drawn on forms and details only: a list shows a lines field as its count.
const loadTables = () => import('./lines-tables');
const LinesEditor = lazySlot(() => loadTables().then((m) => m.LinesEditor), loadingField);
const LinesTable = lazySlot(() => loadTables().then((m) => m.LinesTable), loadingValue);

/** Looks up the spec of a line field's kind (the registry, passed in to avoid an import cycle). */
export type SpecOf = (kind: FieldKind) => FieldKindSpec;

/** The context of one field of a line: its key is `res.<resource>.<lines>.<field>`. */
export function lineContext(ctx: FieldContext<LinesField>, name: string, row?: number): FieldContext<LineField> {
  const path = row === undefined ? undefined : [row, name];
  const siblings = row === undefined ? undefined : [...(ctx.siblings ?? []), ...(ctx.path ?? [ctx.name]), row];
  return { resource: ctx.resource, name, field: ctx.field.fields[name], key: `${ctx.key}.${name}`, t: ctx.t, path, siblings };
}

/** The lines of a value (anything but objects dropped). */
export function rowsOf(value: unknown): ApiRecord[] {
  return Array.isArray(value) ? (value.filter((row) => typeof row === 'object' && row !== null) as ApiRecord[]) : [];
}

function mapRows(args: { ctx: FieldContext<LinesField>; specOf: SpecOf; value: unknown; direction: 'toForm' | 'fromForm' }) {
  return rowsOf(args.value).map((row) => {
    const out: Record<string, unknown> = { ...row };
    for (const name of Object.keys(args.ctx.field.fields)) {
      const sub = lineContext(args.ctx, name);
      const convert = args.specOf(sub.field.kind)[args.direction];
      out[name] = convert ? convert(sub, row[name]) : row[name];
      if (args.direction === 'fromForm' && !lineFieldApplies({ lines: args.ctx.field, name, valueOf: (field) => row[field] }))
        out[name] = null;
    }
    return out;
  });
}

// Form.List accepts validator rules only.
export function countRule(ctx: FieldContext<LinesField>): { validator: (rule: unknown, value: unknown) => Promise<void> } {
  const label = labelOf(ctx);
  const min = ctx.field.minLines ?? (ctx.field.required ? 1 : 0);
  const max = ctx.field.maxLines ?? 1000;
  return {
    validator: async (_rule, value: unknown) => {
      const count = rowsOf(value).length;
      if (count < min)
        throw new Error(
          min === 1 && ctx.field.required ? ctx.t('validation.required', { label }) : ctx.t('screens.lines.min', { label, count: min }),
        );
      if (count > max) throw new Error(ctx.t('screens.lines.max', { label, count: max }));
    },
  };
}

/** The lines kind over a registry of line field kinds. */
export function createLinesKind(specOf: SpecOf): FieldKindSpec<LinesField> {
  return {
    ownsFormItem: true,
    input: (ctx, options) => <LinesEditor ctx={ctx} specOf={specOf} options={options} />,
    cell: (ctx, value) => {
      const count = rowsOf(value).length;
      return count === 0 ? DASH : ctx.t('screens.lines.count', { count });
    },
    display: (ctx, value, record?: ApiRecord) =>
      rowsOf(value).length === 0 ? DASH : <LinesTable ctx={ctx} specOf={specOf} value={value} record={record} />,
    rules: (ctx) => [countRule(ctx)],
    toForm: (ctx, value) => mapRows({ ctx, specOf, value, direction: 'toForm' }),
    fromForm: (ctx, value) => mapRows({ ctx, specOf, value, direction: 'fromForm' }),
  };
}
