import { Button, Form, Input, Space } from 'antd';
import type { CrudFilter } from '@refinedev/core';
import { stampedFields, type ResourceDef } from '../../../resources/define';
import type { Translate } from '../../fields/field-kind';
import { defaultFilters } from '../../fields/field-helpers';
import { fieldContext, specOf } from '../../fields/field-kinds';

/** Form name of the keyword box; no declared field may be called so. */
export const KEYWORD_FIELD = '$keyword';

/** What a search asks for. */
export interface ListSearch {
  /** Conditions of the filter bar's fields. */
  readonly filters: CrudFilter[];
  /** Text of the keyword box, trimmed ('' = none). */
  readonly keyword: string;
}

/**
 * The fields of the resource offered in the filter bar, in declaration order; not those a view
 * stamps (its fixed filter and centre), which every row of the view shares.
 */
export function filterFields(resource: ResourceDef): string[] {
  const stamped = stampedFields(resource);
  return Object.keys(resource.fields).filter((name) => resource.fields[name].filter !== undefined && !stamped.includes(name));
}

/** True when some field is searched by the keyword box. */
export function hasKeyword(resource: ResourceDef): boolean {
  return Object.values(resource.fields).some((field) => field.searchable);
}

/** Turns the filter bar's values into refine filters and the keyword. */
export function searchOf(args: { resource: ResourceDef; values: Record<string, unknown>; t: Translate }): ListSearch {
  const filters = filterFields(args.resource).flatMap((name) => {
    const ctx = fieldContext({ resource: args.resource, name, t: args.t });
    const mode = ctx.field.filter!;
    const spec = specOf(ctx.field.kind);
    return (spec.toFilters ?? defaultFilters)(ctx, mode, args.values[name]);
  });
  const keyword = args.values[KEYWORD_FIELD];
  return { filters, keyword: typeof keyword === 'string' ? keyword.trim() : '' };
}

/** Props of {@link FilterBar}. */
export interface FilterBarProps {
  readonly resource: ResourceDef;
  readonly t: Translate;
  /** Runs a search (Search button, Enter in a box). */
  readonly onSearch: (search: ListSearch) => void;
  /** Buttons on the right (Add, and whatever a slot adds). */
  readonly actions?: React.ReactNode;
}

/**
 * The bar above a list: a keyword box when any field is searchable, a control per filterable
 * field (from its kind), Search and Reset; the list's own buttons sit on the right.
 */
export function FilterBar(props: FilterBarProps) {
  const [form] = Form.useForm<Record<string, unknown>>();
  const { resource, t } = props;
  const fields = filterFields(resource);
  const keyword = hasKeyword(resource);
  const searchable = Object.keys(resource.fields).filter((name) => resource.fields[name].searchable);
  const keywordHint = t('screens.keywordPlaceholder', {
    fields: searchable.map((name) => t(`res.${resource.name}.${name}`)).join(' / '),
  });

  const submit = (values: Record<string, unknown>) => props.onSearch(searchOf({ resource, values, t }));

  return (
    <div style={{ display: 'flex', justifyContent: 'space-between', alignItems: 'flex-start', gap: 8, flexWrap: 'wrap', marginBottom: 16 }}>
      {fields.length > 0 || keyword ? (
        <Form form={form} name={`${resource.name}-filter`} layout="inline" onFinish={submit} style={{ rowGap: 8 }}>
          {keyword ? (
            <Form.Item name={KEYWORD_FIELD}>
              <Input allowClear placeholder={keywordHint} aria-label={keywordHint} style={{ width: 240 }} />
            </Form.Item>
          ) : null}
          {fields.map((name) => {
            const ctx = fieldContext({ resource, name, t });
            const spec = specOf(ctx.field.kind);
            const control = spec.filter?.(ctx, ctx.field.filter!);
            if (!control) return null;
            return (
              <Form.Item key={name} name={name} label={t(ctx.key)}>
                {control}
              </Form.Item>
            );
          })}
          <Form.Item>
            <Space>
              <Button type="primary" htmlType="submit">
                {t('screens.search')}
              </Button>
              <Button
                onClick={() => {
                  form.resetFields();
                  submit({});
                }}
              >
                {t('screens.reset')}
              </Button>
            </Space>
          </Form.Item>
        </Form>
      ) : (
        <span />
      )}
      {props.actions ? <Space wrap>{props.actions}</Space> : null}
    </div>
  );
}
