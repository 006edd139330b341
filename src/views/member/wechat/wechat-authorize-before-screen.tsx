/**
 * WeChat › authorise the official account (wechat-authorize-before, issue 27 §2): what the
 * authorisation does and how it goes, the authorisation already stored, and the button that
 * starts it: the server makes a single-use state and asks WeChat, through the gateway, for the
 * authorisation page (`POST /v1/wechat-authorize/start`), which the browser then opens. Without
 * the third-party platform's credentials the screen says so and leads to the WeChat setup.
 * Below, the addresses of this merchant to enter in WeChat for its pushes (the verify ticket,
 * authorisation changes, the member card's events; server/modules/channels/wechat-push.routes.ts)
 * and the card's binding page (the activation page of merchant-page activation).
 */
import { Alert, Button, Card, Descriptions, Space, Spin, Steps, Typography } from 'antd';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router-dom';
import { typedGet, typedPost } from '../../../../providers/http';
import type { ApiData } from '../../../../resources/contract/api.types';
import { useErrorReporter } from '../../../components/use-action';
import { WechatAuthorization, type WechatSettings } from './wechat-authorization';

type Started = ApiData<'post', '/v1/wechat-authorize/start'>;
type PushAddresses = ApiData<'get', '/v1/wechat-push/addresses'>;

export default function WechatAuthorizeBeforeScreen() {
  const { t } = useTranslation();
  const report = useErrorReporter();
  const navigate = useNavigate();
  const [settings, setSettings] = useState<WechatSettings | null>(null);
  const [started, setStarted] = useState<Started | null>(null);
  const [busy, setBusy] = useState(false);
  const [addresses, setAddresses] = useState<PushAddresses | null>(null);
  useEffect(() => {
    typedGet('/v1/wechat-channel/get').then(setSettings, report);
    typedGet('/v1/wechat-push/addresses').then(setAddresses, report);
  }, [report]);

  const start = () => {
    setBusy(true);
    typedPost('/v1/wechat-authorize/start').then(
      (answer) => {
        setStarted(answer);
        if (answer.outcome === 'OK' && answer.url) window.location.assign(answer.url);
        else setBusy(false);
      },
      (error: unknown) => {
        setBusy(false);
        report(error);
      },
    );
  };

  const problem =
    started === null || started.outcome === 'OK' ? null : started.outcome === 'NOT_CONNECTED' ? (
      <Alert
        type="warning"
        showIcon
        message={t('wechatAuth.notConnected')}
        action={
          <Button size="small" onClick={() => navigate('/member/wechat/wechat-init')}>
            {t('wechatAuth.setup')}
          </Button>
        }
      />
    ) : (
      <Alert
        type="error"
        showIcon
        message={t('wechatAuth.failedCall', { code: started.errorCode ?? started.outcome })}
        action={
          <Button size="small" onClick={() => navigate('/setting/channel/channel-calls')}>
            {t('wechatAuth.calls')}
          </Button>
        }
      />
    );

  return (
    <Space direction="vertical" size="large" style={{ width: '100%' }}>
      <Card>
        <Space direction="vertical" size="middle" style={{ width: '100%' }}>
          <Typography.Paragraph>{t('wechatAuth.intro')}</Typography.Paragraph>
          <Steps
            direction="vertical"
            size="small"
            current={-1}
            items={[{ title: t('wechatAuth.step1') }, { title: t('wechatAuth.step2') }, { title: t('wechatAuth.step3') }]}
          />
          <Space wrap>
            <Button type="primary" loading={busy} onClick={start}>
              {t('wechatAuth.start')}
            </Button>
            <Typography.Text type="secondary">{t('wechatAuth.linkHint')}</Typography.Text>
          </Space>
          {problem}
        </Space>
      </Card>
      <Card title={t('wechatAuth.current')}>{settings === null ? <Spin /> : <WechatAuthorization settings={settings} />}</Card>
      <Card title={t('wechatAuth.push.title')}>
        <Typography.Paragraph type="secondary">{t('wechatAuth.push.hint')}</Typography.Paragraph>
        {addresses === null ? (
          <Spin />
        ) : (
          <Descriptions
            column={1}
            bordered
            size="small"
            data-testid="wechat-push-addresses"
            items={[
              { key: 'auth', label: t('wechatAuth.push.auth'), children: <Typography.Text copyable>{addresses.auth}</Typography.Text> },
              {
                key: 'message',
                label: t('wechatAuth.push.message'),
                children: <Typography.Text copyable>{addresses.message}</Typography.Text>,
              },
              {
                key: 'bindPage',
                label: t('wechatAuth.push.bindPage'),
                children: <Typography.Text copyable>{addresses.bindPage}</Typography.Text>,
              },
            ]}
          />
        )}
      </Card>
    </Space>
  );
}
