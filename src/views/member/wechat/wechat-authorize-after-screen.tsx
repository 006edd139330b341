/**
 * WeChat › authorisation result (wechat-authorize-after, issue 27 §2): where the callback sends
 * the browser back from WeChat (`?result=ok`, or `?result=failed&reason=stateInvalid | refused |
 * platform&code=<errcode>`): the result with its reason in words, the authorisation now stored,
 * and the next steps (authorise again, the membership card).
 */
import { Button, Card, Result, Spin } from 'antd';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate, useSearchParams } from 'react-router-dom';
import { typedGet } from '../../../../providers/http';
import { useErrorReporter } from '../../../components/use-action';
import { WechatAuthorization, type WechatSettings } from './wechat-authorization';

const REASONS = new Set(['stateInvalid', 'refused', 'platform']);

export default function WechatAuthorizeAfterScreen() {
  const { t } = useTranslation();
  const report = useErrorReporter();
  const navigate = useNavigate();
  const [params] = useSearchParams();
  const [settings, setSettings] = useState<WechatSettings | null>(null);
  useEffect(() => {
    typedGet('/v1/wechat-channel/get').then(setSettings, report);
  }, [report]);

  const succeeded = params.get('result') === 'ok';
  const reason = params.get('reason') ?? '';
  return (
    <Card>
      <Result
        status={succeeded ? 'success' : 'error'}
        title={t(succeeded ? 'wechatAuth.ok' : 'wechatAuth.failed')}
        subTitle={
          succeeded
            ? t('wechatAuth.ok.hint')
            : t(`wechatAuth.reason.${REASONS.has(reason) ? reason : 'stateInvalid'}`, { code: params.get('code') ?? '' })
        }
        extra={[
          <Button key="card" type={succeeded ? 'primary' : 'default'} onClick={() => navigate('/member/wechat/wechat-member-card')}>
            {t('wechatAuth.card')}
          </Button>,
          <Button key="again" type={succeeded ? 'default' : 'primary'} onClick={() => navigate('/member/wechat/wechat-authorize-before')}>
            {t('wechatAuth.again')}
          </Button>,
        ]}
      >
        {settings === null ? <Spin /> : <WechatAuthorization settings={settings} />}
      </Result>
    </Card>
  );
}
