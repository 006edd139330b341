/**
 * Reference kinds: `relation` (records of another resource, picked by remote search) and `tree`
 * (the parent of a record among the records of the same resource). Cells show the referenced
 * records' titles (relation-titles.ts, option-titles.ts).
 */
import type { RelationField, TreeField } from '../../../resources/define';
import type { FieldContext, FieldKindSpec } from '../field-kind';
import { labelOf, requiredRules } from '../field-helpers';
import { RelationTitlesView } from '../controls/relation-titles-view';
import { RelationSelect, type RelationSelectProps } from '../controls/relation-select';
import { useRecordFills, type CardSpecOf } from '../controls/record-card';
import { TreeParentSelect } from '../controls/tree-parent-select';
import { namedOptions, relationIds, relationOptions } from '../relation-titles';

/** The picker's props a relation field's declaration and its form give (the names the record carries are known). */
function selectProps(
  ctx: FieldContext<RelationField>,
  options: { readonly disabled?: boolean; readonly record?: Parameters<typeof relationOptions>[0] },
): RelationSelectProps {
  return {
    resource: ctx.field.resource,
    multiple: ctx.field.multiple,
    pickable: ctx.field.pickable,
    known: [...relationOptions(options.record, ctx.name), ...namedOptions(options.record, ctx.name)],
    disabled: options.disabled,
    placeholder: ctx.t('screens.select'),
  };
}

/**
 * A relation's input: the picker, the chosen record's card under it (when its resource declares
 * one) and the declared `fills` of the siblings from the record the user chooses.
 */
function RelationInput(props: RelationSelectProps & { ctx: FieldContext<RelationField>; specOf: CardSpecOf }) {
  const { ctx, specOf, ...select } = props;
  const fill = useRecordFills(ctx.field.fills, ctx.siblings);
  return (
    <RelationSelect {...select} card={{ specOf, t: ctx.t, onChosen: ctx.field.fills ? fill : undefined, figures: ctx.field.figures }} />
  );
}

/** The relation kind over a registry of kinds (the chosen record's card shows its fields by kind). */
export function createRelationKind(specOf: CardSpecOf): FieldKindSpec<RelationField> {
  return {
    ...relationKind,
    input: (ctx, options) => <RelationInput ctx={ctx} specOf={specOf} {...selectProps(ctx, options)} />,
  };
}

const relationKind: FieldKindSpec<RelationField> = {
  input: (ctx, options) => <RelationSelect {...selectProps(ctx, options)} />,
  cell: (ctx, _value, record) => <RelationTitlesView resource={ctx.field.resource} record={record} name={ctx.name} />,
  filter: (ctx, mode) => (
    <RelationSelect
      resource={ctx.field.resource}
      multiple={mode === 'in'}
      placeholder={labelOf(ctx)}
      aria-label={labelOf(ctx)}
      style={{ minWidth: 160 }}
    />
  ),
  rules: (ctx) => requiredRules(ctx, ctx.field.multiple ? 'array' : undefined),
  toForm: (ctx, value) => {
    const ids = relationIds(value);
    return ctx.field.multiple ? ids : (ids[0] ?? null);
  },
};

export const treeKind: FieldKindSpec<TreeField> = {
  input: (ctx, options) => (
    <TreeParentSelect
      resource={ctx.resource.name}
      parentField={ctx.name}
      titleField={ctx.resource.titleField}
      excludeId={options.recordId}
      disabled={options.disabled}
      placeholder={ctx.t('screens.select')}
    />
  ),
  cell: (ctx, _value, record) => <RelationTitlesView resource={ctx.resource.name} record={record} name={ctx.name} />,
  filter: (ctx) => (
    <TreeParentSelect
      resource={ctx.resource.name}
      parentField={ctx.name}
      titleField={ctx.resource.titleField}
      placeholder={labelOf(ctx)}
      aria-label={labelOf(ctx)}
      style={{ minWidth: 180 }}
    />
  ),
  rules: (ctx) => requiredRules(ctx),
  toForm: (_ctx, value) => relationIds(value)[0] ?? null,
};
