import { DownOutlined, UpOutlined } from '@ant-design/icons';
import { Button, Form, Input, Space } from 'antd';
import type { CrudFilter } from '@refinedev/core';
import { memo, useEffect, useState } from 'react';
import { stampedFields, type FieldKind, type ResourceDef } from '../../../resources/define';
import { toDayjs, type DateInput } from '../../../providers/dates';
import type { Translate } from '../../fields/field-kind';
import { defaultFilters } from '../../fields/field-helpers';
import { fieldContext, specOf } from '../../fields/field-kinds';
import { SearchResetButtons } from './query-form';
import { plainFilterValue } from './list-url-state';

/** Form name of the keyword box; no declared field may be called so. */
export const KEYWORD_FIELD = '$keyword';

/** What a search asks for. */
export interface ListSearch {
  /** Conditions of the filter bar's fields. */
  readonly filters: CrudFilter[];
  /** Text of the keyword box, trimmed ('' = none). */
  readonly keyword: string;
  /** The filter bar's values, JSON-safe (what the url keeps), without the keyword. */
  readonly values: Record<string, unknown>;
}

/** Filter fields shown while the bar is folded; more fold behind 展开 / 收起. */
export const FOLDED_FILTERS = 3;

/**
 * The fields of the resource offered in the filter bar, in declaration order; not those a view
 * stamps (its fixed filter and centre), which every row of the view shares.
 */
export function filterFields(resource: ResourceDef): string[] {
  const stamped = stampedFields(resource);
  return Object.keys(resource.fields).filter((name) => resource.fields[name].filter !== undefined && !stamped.includes(name));
}

/**
 * True when the bar shows a keyword box: some field is searchable, except when the only
 * searchable field has its own text filter, which already is that box (the member list would
 * otherwise show two name boxes).
 */
export function hasKeyword(resource: ResourceDef): boolean {
  const searchable = Object.entries(resource.fields).filter(([, field]) => field.searchable);
  if (searchable.length !== 1) return searchable.length > 0;
  const [name, field] = searchable[0];
  const ownBox = (field.filter === 'contains' || field.filter === 'prefix') && filterFields(resource).includes(name);
  return !ownBox;
}

const DATE_KINDS: readonly FieldKind[] = ['date', 'datetime', 'dateRange', 'time'];

/** The url's JSON values as the filter bar's controls hold them (dates as dayjs). */
export function formValuesOf(resource: ResourceDef, values: Readonly<Record<string, unknown>>): Record<string, unknown> {
  const out: Record<string, unknown> = {};
  for (const [name, value] of Object.entries(values)) {
    const field = resource.fields[name];
    if (name === KEYWORD_FIELD || !field) continue;
    if (DATE_KINDS.includes(field.kind)) {
      out[name] = Array.isArray(value) ? value.map((day) => toDayjs(day as DateInput)) : toDayjs(value as DateInput);
    } else out[name] = value;
  }
  return out;
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
  const plain: Record<string, unknown> = {};
  for (const [name, value] of Object.entries(args.values)) if (name !== KEYWORD_FIELD) plain[name] = value;
  return {
    filters,
    keyword: typeof keyword === 'string' ? keyword.trim() : '',
    values: plainFilterValue(plain) as Record<string, unknown>,
  };
}

/** Props of {@link FilterBar}. */
export interface FilterBarProps {
  readonly resource: ResourceDef;
  readonly t: Translate;
  /** Runs a search (Search button, Enter in a box). */
  readonly onSearch: (search: ListSearch) => void;
  /** Buttons on the right (Add, and whatever a slot adds). */
  readonly actions?: React.ReactNode;
  /** The values the list currently filters by (from the url), shown in the controls. */
  readonly values?: Readonly<Record<string, unknown>>;
  /** The keyword the list currently searches (from the url). */
  readonly keyword?: string;
}

/** Narrowest keyword box, and room beside its text for the padding and the clear button. */
const KEYWORD_MIN_WIDTH = 240;
const KEYWORD_CHROME = '40px';

/**
 * A width that shows all of `text` in the box's own font: a CJK character takes 1 em, any other
 * about 0.6 em (the keyword box lists its fields, "搜索营销中心编码 / 营销中心名称 / 负责人").
 */
export function textBoxWidth(text: string): string {
  const wide = [...text].filter((char) => /[\u2e80-\u9fff\uff00-\uffef]/.test(char)).length;
  const narrow = [...text].length - wide;
  return `calc(${wide}em + ${(narrow * 0.6).toFixed(1)}em + ${KEYWORD_CHROME})`;
}

/** Whether two sets of control values show the same (an empty value and a missing one alike). */
function sameValues(a: Record<string, unknown>, b: Record<string, unknown>): boolean {
  const shown = (value: unknown) => JSON.stringify(value ?? null);
  return [...new Set([...Object.keys(a), ...Object.keys(b)])].every((key) => shown(a[key]) === shown(b[key]));
}

/**
 * The bar above a list: a keyword box when any field is searchable, a control per filterable
 * field (from its kind), Search and Reset; the list's own buttons sit on the right. More than
 * {@link FOLDED_FILTERS} filters fold behind 展开 / 收起 (open while a folded one holds a value).
 * The controls show the values the list filters by, so a list restored from its url shows them.
 */
export const FilterBar = memo(function FilterBar(props: FilterBarProps) {
  const [form] = Form.useForm<Record<string, unknown>>();
  const { resource, t } = props;
  const fields = filterFields(resource);
  const keyword = hasKeyword(resource);
  const valuesKey = JSON.stringify(props.values ?? {});
  const foldable = fields.length > FOLDED_FILTERS;
  const [expanded, setExpanded] = useState(() =>
    fields.slice(FOLDED_FILTERS).some((name) => props.values?.[name] !== undefined && props.values[name] !== null),
  );
  // Folded filters are drawn the first time the bar opens (their code, a date picker say, loads
  // then); until then they are not in the bar at all, their values (from the url) kept by the
  // form's store, which a search reads whole.
  const [foldedDrawn, setFoldedDrawn] = useState(expanded);
  useEffect(() => {
    // The url changed (back, a shared link, Reset): the controls follow it.
    const shown = {
      ...formValuesOf(resource, JSON.parse(valuesKey) as Record<string, unknown>),
      [KEYWORD_FIELD]: props.keyword || undefined,
    };
    // Controls that show these values already stay as they are (a list's first draw, a search
    // just made): a reset draws every control of the bar again.
    if (sameValues(form.getFieldsValue(true) as Record<string, unknown>, shown)) return;
    form.resetFields();
    form.setFieldsValue(shown);
  }, [form, resource, valuesKey, props.keyword]);
  const searchable = Object.keys(resource.fields).filter((name) => resource.fields[name].searchable);
  const keywordHint = t('screens.keywordPlaceholder', {
    fields: searchable.map((name) => t(`res.${resource.name}.${name}`)).join(' / '),
  });

  // The store's values, also those of folded filters not drawn yet.
  const submit = (values: Record<string, unknown>) =>
    props.onSearch(searchOf({ resource, values: { ...(form.getFieldsValue(true) as Record<string, unknown>), ...values }, t }));

  return (
    <div style={{ display: 'flex', justifyContent: 'space-between', alignItems: 'flex-start', gap: 8, flexWrap: 'wrap', marginBottom: 16 }}>
      {fields.length > 0 || keyword ? (
        <Form form={form} name={`${resource.name}-filter`} layout="inline" onFinish={submit} style={{ rowGap: 8 }}>
          {keyword ? (
            <Form.Item name={KEYWORD_FIELD}>
              <Input
                allowClear
                placeholder={keywordHint}
                aria-label={keywordHint}
                // As wide as its hint, never narrower than the others, never wider than the screen.
                style={{ width: textBoxWidth(keywordHint), minWidth: KEYWORD_MIN_WIDTH, maxWidth: '100%' }}
              />
            </Form.Item>
          ) : null}
          {fields.map((name, index) => {
            const ctx = fieldContext({ resource, name, t });
            const spec = specOf(ctx.field.kind);
            const control = spec.filter?.(ctx, ctx.field.filter!);
            if (!control) return null;
            const folded = foldable && index >= FOLDED_FILTERS;
            if (folded && !foldedDrawn) return null;
            return (
              // Once drawn, folded filters stay (hidden while folded): their controls keep their state.
              <Form.Item key={name} name={name} label={t(ctx.key)} hidden={folded && !expanded}>
                {control}
              </Form.Item>
            );
          })}
          <Form.Item>
            <Space>
              <SearchResetButtons
                t={t}
                onReset={() => {
                  form.resetFields();
                  submit({});
                }}
              />
              {foldable ? (
                <Button
                  type="link"
                  onClick={() => {
                    setFoldedDrawn(true);
                    setExpanded(!expanded);
                  }}
                  aria-expanded={expanded}
                >
                  {t(expanded ? 'screens.collapse' : 'screens.expand')} {expanded ? <UpOutlined /> : <DownOutlined />}
                </Button>
              ) : null}
            </Space>
          </Form.Item>
        </Form>
      ) : (
        <span />
      )}
      {props.actions ? <Space wrap>{props.actions}</Space> : null}
    </div>
  );
});
