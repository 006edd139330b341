/**
 * Alipay › member QR code (alipay-member-qr-code, issue 27 §3): the QR code that opens the
 * membership card in Alipay, drawn on the server from the link Alipay gave for the card's
 * template (`GET /v1/alipay-member-qr-code/get`, `/png`, `/svg`), with both downloads: PNG for
 * print, SVG for any size. Until Alipay gave the link the screen says which step is missing
 * (connect Alipay, design the card, or the last publication failed) and links to it.
 */
import { Alert, Button, Card, Flex, Space, Spin, Typography } from 'antd';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router-dom';
import { serviceUrl, typedGet } from '../../../../providers/http';
import type { ApiData } from '../../../../resources/contract/api.types';
import { useErrorReporter } from '../../../components/use-action';

type QrState = ApiData<'get', '/v1/alipay-member-qr-code/get'>;

/** The step a merchant still has to take before Alipay gives the link, and where it is taken. */
function missingStep(state: QrState): { message: string; to: string; action: string } {
  if (!state.connected) return { message: 'alipayQr.notConnected', to: '/member/alipay/alipay', action: 'alipayQr.connect' };
  if (!state.designed) return { message: 'alipayQr.notDesigned', to: '/member/alipay/alipay-member-card-edit', action: 'alipayQr.design' };
  return { message: 'alipayQr.noLink', to: '/setting/channel/channel-calls', action: 'alipayQr.calls' };
}

export default function AlipayQrCodeScreen() {
  const { t } = useTranslation();
  const report = useErrorReporter();
  const navigate = useNavigate();
  const [state, setState] = useState<QrState | null>(null);
  useEffect(() => {
    typedGet('/v1/alipay-member-qr-code/get').then(setState, report);
  }, [report]);

  if (state === null) return <Spin />;
  if (state.url === null) {
    const step = missingStep(state);
    return (
      <Alert
        type="warning"
        showIcon
        message={t(step.message)}
        action={
          <Button size="small" onClick={() => navigate(step.to)}>
            {t(step.action)}
          </Button>
        }
      />
    );
  }
  const base = `${serviceUrl()}/v1/alipay-member-qr-code`;
  return (
    <Card>
      <Flex gap={24} wrap align="flex-start">
        <img src={`${base}/svg`} alt={t('alipayQr.image')} width={240} height={240} style={{ maxWidth: '100%', height: 'auto' }} />
        <Space direction="vertical" style={{ flex: '1 1 260px', minWidth: 0 }}>
          <Typography.Text>{t('alipayQr.hint')}</Typography.Text>
          <Typography.Text strong>{t('alipayQr.link')}</Typography.Text>
          <Typography.Text copyable code style={{ wordBreak: 'break-all' }} data-testid="alipay-card-url">
            {state.url}
          </Typography.Text>
          <Space wrap>
            <Button type="primary" href={`${base}/png`} download="alipay-member-qr-code.png">
              {t('alipayQr.downloadPng')}
            </Button>
            <Button href={`${base}/svg`} download="alipay-member-qr-code.svg">
              {t('alipayQr.downloadSvg')}
            </Button>
          </Space>
        </Space>
      </Flex>
    </Card>
  );
}
