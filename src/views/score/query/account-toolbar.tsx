import { Form, Input, InputNumber, Space } from 'antd';
import { useEffect } from 'react';
import type { Translate } from '../../../fields/field-kind';
import type { AccountFilters } from '../shared/points-api';
import { QueryForm } from '../../../screens/generic/query-form';

interface FormValues {
  keyword?: string;
  min?: number | null;
  max?: number | null;
}

function toFilters(values: FormValues): AccountFilters {
  const min = values.min ?? null;
  const max = values.max ?? null;
  return {
    ...(values.keyword?.trim() ? { keyword: values.keyword.trim() } : {}),
    ...(min !== null || max !== null ? { balance: [min, max] as const } : {}),
  };
}

/** The filters of the accounts list: the member (mobile, member number or name), and a range of balances. */
export function AccountToolbar(props: {
  readonly t: Translate;
  readonly onSearch: (filters: AccountFilters) => void;
  /** The filters the list currently shows (from the url). */
  readonly filters?: AccountFilters;
}) {
  const { t } = props;
  const [form] = Form.useForm<FormValues>();
  const filtersKey = JSON.stringify(props.filters ?? {});
  useEffect(() => {
    // Back from an account's ledger, or a shared link: the boxes show what the list filters by.
    const filters = JSON.parse(filtersKey) as AccountFilters;
    form.resetFields();
    form.setFieldsValue({ keyword: filters.keyword, min: filters.balance?.[0] ?? null, max: filters.balance?.[1] ?? null });
  }, [form, filtersKey]);
  return (
    <QueryForm t={t} form={form} onSubmit={(values) => props.onSearch(toFilters(values))}>
      <Form.Item name="keyword" label={t('score.accounts.member')}>
        <Input
          allowClear
          placeholder={t('score.accounts.keywordMember')}
          aria-label={t('score.accounts.keywordMember')}
          style={{ width: 240 }}
        />
      </Form.Item>
      <Form.Item label={t('score.accounts.balanceRange')}>
        <Space.Compact>
          <Form.Item name="min" noStyle>
            <InputNumber min={0} precision={0} controls={false} placeholder={t('screens.rangeFrom')} style={{ width: 110 }} />
          </Form.Item>
          <Form.Item name="max" noStyle>
            <InputNumber min={0} precision={0} controls={false} placeholder={t('screens.rangeTo')} style={{ width: 110 }} />
          </Form.Item>
        </Space.Compact>
      </Form.Item>
    </QueryForm>
  );
}
