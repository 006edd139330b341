import { DatePicker, Form, Input, InputNumber, Select, Space } from 'antd';
import dayjs, { type Dayjs } from 'dayjs';
import { useEffect } from 'react';
import { DATE_FORMAT, serializeDate } from '../../../providers/dates';
import { EMPTY_CODE, QUICK_RANGES, filterOptions, mayBeEmpty, type QueryViewDef } from '../../../resources/query-view';
import type { Translate } from '../../fields/field-kind';
import { LookupSelect } from '../generic/lookup-select';
import { QueryForm } from '../generic/query-form';
import { codeLabel } from './query-view-table';
import { findViewNamed, type ViewFilters } from './query-view-api';

// antd types a form's values as known, non-null values: every filter value is one (a range, a code, an id).
type FormValues = Record<string, NonNullable<unknown> | undefined>;

/** Filters set by a link (a member's), kept when the bar searches. */
const fromLink = (view: QueryViewDef, filters: ViewFilters) =>
  Object.fromEntries(
    Object.entries(view.filters).flatMap(([name, f]) =>
      f.kind === 'record' && filters[name] !== undefined ? [[name, filters[name]]] : [],
    ),
  );

/** The form's values as filters. */
function toFilters(view: QueryViewDef, values: FormValues, current: ViewFilters): ViewFilters {
  const out: Record<string, unknown> = { ...fromLink(view, current) };
  for (const [name, f] of Object.entries(view.filters)) {
    const value = values[name];
    if (f.kind === 'dateRange') {
      const [from, to] = (value as [Dayjs | null, Dayjs | null] | null | undefined) ?? [null, null];
      const fromText = serializeDate(from, DATE_FORMAT);
      const toText = serializeDate(to, DATE_FORMAT);
      if (fromText && toText) out[name] = [fromText, toText];
    } else if (f.kind === 'numberRange') {
      const [min = null, max = null] = (value as [number | null | undefined, number | null | undefined] | undefined) ?? [];
      if (min !== null || max !== null) out[name] = [min, max];
    } else if (f.kind === 'keyword') {
      const text = typeof value === 'string' ? value.trim() : '';
      if (text !== '') out[name] = text;
    } else if (f.kind !== 'record' && value !== undefined && value !== null && value !== '') out[name] = value;
  }
  return out;
}

/** The filters as the form's values. */
function toValues(view: QueryViewDef, filters: ViewFilters): FormValues {
  return Object.fromEntries(
    Object.entries(view.filters).map(([name, f]) => {
      const value = filters[name];
      if (f.kind === 'dateRange') {
        const days = value as [string, string] | undefined;
        return [name, days ? [dayjs(days[0]), dayjs(days[1])] : undefined];
      }
      return [name, value ?? undefined];
    }),
  );
}

/** The quick ranges of a date filter, as the range picker's presets. */
function presets(t: Translate) {
  const today = dayjs().format(DATE_FORMAT);
  return Object.entries(QUICK_RANGES).map(([key, range]) => {
    const [from, to] = range(today);
    return { label: t(`queryView.range.${key}`), value: [dayjs(from), dayjs(to)] as [Dayjs, Dayjs] };
  });
}

/** A view's filter bar: each declared filter but those set by a link, then Search and Reset. */
export function ViewFilterBar(props: {
  readonly t: Translate;
  readonly view: QueryViewDef;
  readonly filters: ViewFilters;
  readonly onSearch: (filters: ViewFilters) => void;
}) {
  const { t, view } = props;
  const [form] = Form.useForm<FormValues>();
  const key = JSON.stringify(props.filters);
  useEffect(() => {
    // A shared link, a drill-down or back from a document: the boxes show what the list filters by.
    form.resetFields();
    form.setFieldsValue(toValues(view, JSON.parse(key) as ViewFilters));
  }, [form, key, view]);
  const all = t('screens.all');
  return (
    <QueryForm t={t} form={form} onSubmit={(values) => props.onSearch(toFilters(view, values, props.filters))}>
      {Object.entries(view.filters).map(([name, f]) => {
        const label = t(`res.${view.name}.filter.${name}`);
        switch (f.kind) {
          case 'record':
            return null;
          case 'dateRange':
            return (
              <Form.Item key={name} name={name} label={label}>
                <DatePicker.RangePicker format={DATE_FORMAT} presets={presets(t)} />
              </Form.Item>
            );
          case 'keyword': {
            const hint = f.placeholder ? t(`res.${view.name}.filter.${name}.placeholder`) : label;
            return (
              <Form.Item key={name} name={name} label={label}>
                <Input allowClear placeholder={hint} aria-label={hint} style={{ width: 240 }} />
              </Form.Item>
            );
          }
          case 'numberRange':
            return (
              <Form.Item key={name} label={label}>
                <Space.Compact>
                  <Form.Item name={[name, 0]} noStyle>
                    <InputNumber
                      precision={0}
                      controls={false}
                      placeholder={t('screens.rangeFrom')}
                      aria-label={label}
                      style={{ width: 110 }}
                    />
                  </Form.Item>
                  <Form.Item name={[name, 1]} noStyle>
                    <InputNumber precision={0} controls={false} placeholder={t('screens.rangeTo')} style={{ width: 110 }} />
                  </Form.Item>
                </Space.Compact>
              </Form.Item>
            );
          case 'store':
          case 'area': {
            const what = f.kind === 'store' ? 'stores' : 'areas';
            return (
              <Form.Item key={name} name={name} label={label}>
                <LookupSelect
                  find={(keyword) => findViewNamed({ view, what, keyword })}
                  placeholder={all}
                  label={label}
                  // "At no store": what the group of entries without a store drills into.
                  none={f.kind === 'store' ? { value: EMPTY_CODE, label: t('queryView.noStore') } : undefined}
                  style={{ width: 180 }}
                />
              </Form.Item>
            );
          }
          default: {
            const column = f.column ?? name;
            const options = Object.keys(filterOptions(view, name)).map((code) => ({
              value: code,
              label: codeLabel({ t, view, column, code }),
            }));
            // "Is empty": what a group without a value drills into.
            if (mayBeEmpty(view.columns[column])) {
              const none = view.columns[column]?.none ? codeLabel({ t, view, column, code: null }) : t('queryView.empty');
              options.push({ value: EMPTY_CODE, label: none });
            }
            return (
              <Form.Item key={name} name={name} label={label}>
                <Select allowClear options={options} placeholder={all} aria-label={label} style={{ width: 140 }} />
              </Form.Item>
            );
          }
        }
      })}
    </QueryForm>
  );
}
