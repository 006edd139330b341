/**
 * Reference kinds: `relation` (records of another resource, picked by remote search) and `tree`
 * (the parent of a record among the records of the same resource). Rows name what they refer to
 * by `<field>Title` (see relation-titles.ts).
 */
import { Space, Tag } from 'antd';
import type { RelationField, TreeField } from '../../../resources/define';
import type { FieldKindSpec } from '../field-kind';
import { DASH, labelOf, requiredRules } from '../field-helpers';
import { RelationSelect } from '../controls/relation-select';
import { TreeParentSelect } from '../controls/tree-parent-select';
import { relationIds, relationOptions } from '../relation-titles';

function titles(record: Parameters<typeof relationOptions>[0], name: string) {
  const options = relationOptions(record, name);
  if (options.length === 0) return DASH;
  if (options.length === 1) return options[0].title;
  return <Space size={[0, 4]} wrap>{options.map((option) => <Tag key={String(option.id)}>{option.title}</Tag>)}</Space>;
}

export const relationKind: FieldKindSpec<RelationField> = {
  input: (ctx, options) => (
    <RelationSelect
      resource={ctx.field.resource}
      multiple={ctx.field.multiple}
      known={relationOptions(options.record, ctx.name)}
      disabled={options.disabled}
      placeholder={ctx.t('screens.select')}
    />
  ),
  cell: (ctx, _value, record) => titles(record, ctx.name),
  filter: (ctx, mode) => (
    <RelationSelect resource={ctx.field.resource} multiple={mode === 'in'} placeholder={labelOf(ctx)} aria-label={labelOf(ctx)} style={{ minWidth: 160 }} />
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
  cell: (ctx, _value, record) => titles(record, ctx.name),
  filter: (ctx) => (
    <TreeParentSelect resource={ctx.resource.name} parentField={ctx.name} titleField={ctx.resource.titleField}
      placeholder={labelOf(ctx)} aria-label={labelOf(ctx)} style={{ minWidth: 180 }} />
  ),
  rules: (ctx) => requiredRules(ctx),
  toForm: (_ctx, value) => relationIds(value)[0] ?? null,
};
