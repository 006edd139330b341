import { DatePicker, Form, Select } from 'antd';
import dayjs, { type Dayjs } from 'dayjs';
import { useEffect } from 'react';
import { DATE_FORMAT, serializeDate } from '../../../../providers/dates';
import type { Translate } from '../../../fields/field-kind';
import { LookupSelect } from '../../../screens/generic/lookup-select';
import { QueryForm } from '../../../screens/generic/query-form';
import { channelOptions, kindOptions, sourceOptions } from '../shared/value-labels';
import { findValueStores, type HistoryFilters } from '../shared/value-api';

interface FormValues {
  kind?: HistoryFilters['kind'];
  channel?: HistoryFilters['channel'];
  sourceType?: string;
  storeId?: number | null;
  dates?: [Dayjs | null, Dayjs | null] | null;
}

/** The form's values as filters (the member, chosen by the link that opened the screen, is kept). */
function toFilters(values: FormValues, memberId: number | undefined): HistoryFilters {
  const [from, to] = values.dates ?? [null, null];
  const fromText = serializeDate(from, DATE_FORMAT);
  const toText = serializeDate(to, DATE_FORMAT);
  return {
    ...(memberId !== undefined ? { memberId } : {}),
    ...(values.kind ? { kind: values.kind } : {}),
    ...(values.channel ? { channel: values.channel } : {}),
    ...(values.sourceType ? { sourceType: values.sourceType } : {}),
    ...(values.storeId ? { storeId: values.storeId } : {}),
    ...(fromText && toText ? { occurredAt: [fromText, toText] as const } : {}),
  };
}

/** The history's filters: kind, channel, source, store and a range of days. */
export function HistoryFilterBar(props: {
  readonly t: Translate;
  readonly filters: HistoryFilters;
  readonly onSearch: (filters: HistoryFilters) => void;
}) {
  const { t } = props;
  const [form] = Form.useForm<FormValues>();
  const key = JSON.stringify(props.filters);
  useEffect(() => {
    // A shared link or back from a document: the boxes show what the list filters by.
    const f = JSON.parse(key) as HistoryFilters;
    form.resetFields();
    form.setFieldsValue({
      kind: f.kind,
      channel: f.channel,
      sourceType: f.sourceType,
      storeId: f.storeId ?? null,
      dates: f.occurredAt ? [dayjs(f.occurredAt[0]), dayjs(f.occurredAt[1])] : undefined,
    });
  }, [form, key]);
  const all = t('screens.all');
  const selectItem = (name: keyof FormValues, label: string, options: { value: string; label: string }[], width: number) => (
    <Form.Item name={name} label={label}>
      <Select allowClear options={options} placeholder={all} aria-label={label} style={{ width }} />
    </Form.Item>
  );
  return (
    <QueryForm t={t} form={form} onSubmit={(values) => props.onSearch(toFilters(values, props.filters.memberId))}>
      {selectItem('kind', t('storedValue.history.kind'), kindOptions(t), 120)}
      {selectItem('channel', t('storedValue.history.channel'), channelOptions(t), 140)}
      {selectItem('sourceType', t('storedValue.history.source'), sourceOptions(t), 140)}
      <Form.Item name="storeId" label={t('storedValue.history.store')}>
        <LookupSelect find={findValueStores} placeholder={all} style={{ width: 180 }} />
      </Form.Item>
      <Form.Item name="dates" label={t('storedValue.history.dates')}>
        <DatePicker.RangePicker format={DATE_FORMAT} />
      </Form.Item>
    </QueryForm>
  );
}
