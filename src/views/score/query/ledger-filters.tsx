import { DatePicker, Form, Select } from 'antd';
import type { Dayjs } from 'dayjs';
import type { Translate } from '../../../fields/field-kind';
import { DATE_FORMAT, serializeDate } from '../../../../providers/dates';
import { channelOptions, kindOptions, sourceOptions } from '../shared/entry-labels';
import type { EntryFilters } from '../shared/points-api';
import { StoreSelect } from '../shared/store-select';
import { QueryForm } from '../../../screens/generic/query-form';

/** The ledger's filters other than the member. */
export type LedgerFilterValues = Omit<EntryFilters, 'memberId'>;

interface FormValues {
  sourceType?: string;
  kind?: string;
  channel?: LedgerFilterValues['channel'];
  storeId?: number | null;
  dates?: [Dayjs | null, Dayjs | null] | null;
}

function toFilters(values: FormValues): LedgerFilterValues {
  const [from, to] = values.dates ?? [null, null];
  const fromText = serializeDate(from, DATE_FORMAT);
  const toText = serializeDate(to, DATE_FORMAT);
  return {
    ...(values.sourceType ? { sourceType: values.sourceType } : {}),
    ...(values.kind ? { kind: values.kind } : {}),
    ...(values.channel ? { channel: values.channel } : {}),
    ...(values.storeId ? { storeId: values.storeId } : {}),
    ...(fromText && toText ? { occurredAt: [fromText, toText] as const } : {}),
  };
}

/** The filter bar of a member's ledger: source, kind, channel, store and a range of days. */
export function LedgerFilters(props: { readonly t: Translate; readonly onSearch: (filters: LedgerFilterValues) => void }) {
  const { t } = props;
  const [form] = Form.useForm<FormValues>();
  return (
    <QueryForm t={t} form={form} onSubmit={(values) => props.onSearch(toFilters(values))}>
      <Form.Item name="sourceType" label={t('score.history.source')}>
        <Select allowClear options={sourceOptions(t)} placeholder={t('screens.all')} style={{ width: 150 }} />
      </Form.Item>
      <Form.Item name="kind" label={t('score.history.kind')}>
        <Select allowClear options={kindOptions(t)} placeholder={t('screens.all')} style={{ width: 120 }} />
      </Form.Item>
      <Form.Item name="channel" label={t('score.history.channel')}>
        <Select allowClear options={channelOptions(t)} placeholder={t('screens.all')} style={{ width: 140 }} />
      </Form.Item>
      <Form.Item name="storeId" label={t('score.history.store')}>
        <StoreSelect placeholder={t('screens.all')} style={{ width: 180 }} />
      </Form.Item>
      <Form.Item name="dates" label={t('score.history.dates')}>
        <DatePicker.RangePicker format={DATE_FORMAT} />
      </Form.Item>
    </QueryForm>
  );
}
