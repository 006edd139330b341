/**
 * Meituan › vouchers (meituan-voucher, issue 27 §4): what a store clerk uses at the counter. They
 * pick one of the open stores they may use (`GET /v1/meituan-voucher/stores`), scan or type a
 * voucher code and see what Meituan says it is (deal, price, how many are left, validity) through
 * the gateway's check; then consume 1..N of it. One request id per checked voucher makes a double
 * click consume once (the server answers the first consumption again). Not connected or refused
 * by Meituan: said plainly, nothing recorded. The consumptions, their totals and the
 * cancellation are the query view beside it (meituan-voucher-list).
 */
import { useCan } from '@refinedev/core';
import { Alert, Button, Card, Descriptions, Form, Input, InputNumber, Select, Space, Spin } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router-dom';
import { typedGet, typedPost } from '../../../../providers/http';
import type { ApiData } from '../../../../resources/contract/api.types';
import { MEITUAN_VOUCHER_WRITE } from '../../../../resources/member/meituan-vouchers.query-view';
import { applyFieldErrors } from '../../../components/field-errors';
import { useErrorReporter, useLoadError } from '../../../components/use-action';
import { useRemote } from '../../../components/use-remote';
import { AriaSafeSelect } from '../../../fields/controls/aria-safe-select';
import { formatAmount } from '../../../lib/format';

type Checked = ApiData<'post', '/v1/meituan-voucher/check'>;
type Consumed = ApiData<'post', '/v1/meituan-voucher/consume'>;
type Answer = Pick<Checked, 'outcome' | 'errorCode' | 'errorMessage'>;

interface Values {
  storeId?: number;
  code?: string;
  count?: number;
}

const WRITE = MEITUAN_VOUCHER_WRITE[0];

/** What Meituan answered when it was not OK, as one plain sentence. */
function Refusal({ answer }: { answer: Answer }) {
  const { t } = useTranslation();
  if (answer.outcome === 'OK') return null;
  const message =
    answer.outcome === 'NOT_CONNECTED'
      ? t('meituanVoucher.notConnected')
      : t('meituanVoucher.failed', { code: answer.errorCode ?? '', message: answer.errorMessage ?? '' });
  return <Alert type={answer.outcome === 'NOT_CONNECTED' ? 'warning' : 'error'} showIcon message={message} data-testid="meituan-refusal" />;
}

export default function MeituanVoucherScreen() {
  const { t } = useTranslation();
  const report = useErrorReporter();
  const navigate = useNavigate();
  const [form] = Form.useForm<Values>();
  const stores = useRemote(() => typedGet('/v1/meituan-voucher/stores'), 'stores');
  useLoadError(stores.error);
  const { data: can } = useCan({ resource: WRITE.resourceId, action: WRITE.action, params: { resourceId: WRITE.resourceId } });
  const [checked, setChecked] = useState<(Checked & { code: string; storeId: number; requestId: string }) | null>(null);
  const [consumed, setConsumed] = useState<Consumed | null>(null);
  const [busy, setBusy] = useState(false);

  const failed = (error: unknown) => {
    if (!applyFieldErrors(form, error)) report(error);
  };

  const check = async () => {
    const { storeId, code } = await form.validateFields(['storeId', 'code']);
    if (storeId === undefined || code === undefined) return;
    setBusy(true);
    setConsumed(null);
    try {
      const answer = await typedPost('/v1/meituan-voucher/check', { data: { storeId, code } });
      // A new request id for each voucher checked: every submit of this one consumes it once.
      setChecked({ ...answer, code, storeId, requestId: crypto.randomUUID() });
      form.setFieldValue('count', 1);
    } catch (error) {
      failed(error);
    } finally {
      setBusy(false);
    }
  };

  const consume = async () => {
    if (checked === null || busy) return;
    const { count } = await form.validateFields(['count']);
    setBusy(true);
    try {
      const answer = await typedPost('/v1/meituan-voucher/consume', {
        data: { storeId: checked.storeId, code: checked.code, count: count ?? 1, requestId: checked.requestId },
      });
      setConsumed(answer);
      if (answer.outcome === 'OK') {
        setChecked(null);
        form.setFieldValue('code', undefined);
      }
    } catch (error) {
      failed(error);
    } finally {
      setBusy(false);
    }
  };

  if (stores.data === undefined) return <Spin />;
  const voucher = checked?.voucher ?? null;
  return (
    <Space direction="vertical" size="middle" style={{ width: '100%', maxWidth: 720 }}>
      <Card>
        <Form
          form={form}
          id="meituan-voucher-form"
          layout="vertical"
          initialValues={{ storeId: stores.data.length === 1 ? stores.data[0].id : undefined }}
          onValuesChange={(changed: Values) => {
            if ('storeId' in changed || 'code' in changed) setChecked(null);
          }}
        >
          {stores.data.length === 0 && <Alert type="warning" showIcon message={t('meituanVoucher.noStores')} />}
          <Form.Item name="storeId" label={t('meituanVoucher.store')} rules={[{ required: true, message: t('meituanVoucher.badStore') }]}>
            <AriaSafeSelect>
              <Select
                showSearch
                optionFilterProp="label"
                options={stores.data.map((s) => ({ value: s.id, label: `${s.name} (${s.code})` }))}
              />
            </AriaSafeSelect>
          </Form.Item>
          <Form.Item label={t('meituanVoucher.code')} required>
            <Space.Compact style={{ width: '100%' }}>
              <Form.Item name="code" noStyle rules={[{ required: true, message: t('meituanVoucher.badCode') }]}>
                <Input
                  aria-label={t('meituanVoucher.code')}
                  placeholder={t('meituanVoucher.codePlaceholder')}
                  inputMode="numeric"
                  autoComplete="off"
                  onPressEnter={() => void check()}
                />
              </Form.Item>
              <Button type="primary" loading={busy && checked === null} onClick={() => void check()}>
                {t('meituanVoucher.check')}
              </Button>
            </Space.Compact>
          </Form.Item>
          {checked !== null && <Refusal answer={checked} />}
          {voucher !== null && (
            <>
              <Descriptions bordered size="small" column={1} data-testid="meituan-voucher" style={{ marginBottom: 16 }}>
                <Descriptions.Item label={t('meituanVoucher.deal')}>{voucher.dealTitle}</Descriptions.Item>
                <Descriptions.Item label={t('meituanVoucher.unitPrice')}>{formatAmount(voucher.unitPrice)}</Descriptions.Item>
                {voucher.marketPrice !== null && (
                  <Descriptions.Item label={t('meituanVoucher.marketPrice')}>{formatAmount(voucher.marketPrice)}</Descriptions.Item>
                )}
                <Descriptions.Item label={t('meituanVoucher.available')}>{voucher.available}</Descriptions.Item>
                {voucher.validTo !== null && <Descriptions.Item label={t('meituanVoucher.validTo')}>{voucher.validTo}</Descriptions.Item>}
              </Descriptions>
              {can?.can && voucher.available > 0 && (
                <Space align="end" wrap>
                  <Form.Item name="count" label={t('meituanVoucher.count')} style={{ marginBottom: 0 }}>
                    <InputNumber min={1} max={voucher.available} precision={0} />
                  </Form.Item>
                  <Button type="primary" loading={busy} disabled={busy} onClick={() => void consume()}>
                    {t('meituanVoucher.consume')}
                  </Button>
                </Space>
              )}
            </>
          )}
        </Form>
      </Card>
      {consumed !== null && consumed.outcome !== 'OK' && <Refusal answer={consumed} />}
      {consumed?.consumption && (
        <Alert
          type="success"
          showIcon
          data-testid="meituan-consumed"
          message={t('meituanVoucher.consumed', {
            count: consumed.consumption.count,
            amount: formatAmount(consumed.consumption.amount),
          })}
          description={`${consumed.consumption.dealTitle} · ${consumed.consumption.code} · ${consumed.consumption.consumedAt}`}
        />
      )}
      <Button onClick={() => navigate('/member/meituan-voucher/meituan-voucher-list')}>{t('meituanVoucher.records')}</Button>
    </Space>
  );
}
