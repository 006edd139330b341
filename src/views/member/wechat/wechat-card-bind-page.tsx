/**
 * `/wechat-card/:tenant` (绑定会员), outside the console's shell: the page a WeChat card's holder
 * opens on their phone. WeChat opens it at the card's activation address (merchant-page
 * activation) with `card_id` and `encrypt_code` added; a card WeChat activated automatically is
 * bound here too. The holder proves their mobile with a texted code; the server finds or
 * registers the member, activates the card at WeChat when needed and links it once
 * (server/modules/channels/wechat-card-bind.routes.ts). Its labels are `shell.wechatCard.*`, in
 * the small table the pages outside the shell draw with.
 */
import { Alert, Button, Card, Form, Input, Result, Space, Typography } from 'antd';
import { useCallback, useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useParams, useSearchParams } from 'react-router-dom';
import { isApiError, typedPost } from '../../../../providers/http';
import { LanguageSwitch } from '../../../shell/language-switch';
import { readableTextOn } from '../wallet-card/readable-text';

type OpenedCard = Awaited<ReturnType<typeof typedPost<'/v1/wechat-card/{tenant}/open'>>>;

interface BindValues {
  readonly mobile: string;
  readonly smsCode: string;
}

/**
 * WeChat adds its parameters to the address as it was entered: after the hash route's own query
 * (read by the router), or before the hash (the page's search); both are read.
 */
function useCardParams(): { cardId: string; encryptCode: string } {
  const [hashParams] = useSearchParams();
  const search = new URLSearchParams(window.location.search);
  const read = (name: string) => hashParams.get(name) ?? search.get(name) ?? '';
  return { cardId: read('card_id'), encryptCode: read('encrypt_code') };
}

const messageOf = (error: unknown) => (error instanceof Error ? error.message : String(error));

/** The binding page. */
export function WechatCardBindPage() {
  const { t } = useTranslation();
  const { tenant = '' } = useParams();
  const card = useCardParams();
  const [form] = Form.useForm<BindValues>();
  const [opened, setOpened] = useState<OpenedCard>();
  const [failure, setFailure] = useState<string>();
  const [notice, setNotice] = useState<string>();
  const [sending, setSending] = useState(false);
  const [binding, setBinding] = useState(false);
  const path = { tenant };

  useEffect(() => {
    if (!card.cardId || !card.encryptCode) {
      setFailure(t('shell.wechatCard.noCard'));
      return;
    }
    typedPost('/v1/wechat-card/{tenant}/open', { path: { tenant }, data: card, silent: true }).then(setOpened, (error: unknown) =>
      setFailure(messageOf(error)),
    );
    // The card's address does not change while the page is open.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [tenant, card.cardId, card.encryptCode]);

  /** A refused call: at the field the server named, else above the form. */
  const refused = useCallback(
    (error: unknown) => {
      if (isApiError(error) && error.fields.length > 0) {
        form.setFields(error.fields.map((f) => ({ name: f.field as keyof BindValues, errors: [f.msg] })));
        return;
      }
      setFailure(messageOf(error));
    },
    [form],
  );

  const sendCode = async () => {
    setFailure(undefined);
    setNotice(undefined);
    const mobile = await form.validateFields(['mobile']).then(
      (v) => v.mobile,
      () => null,
    );
    if (mobile === null) return;
    setSending(true);
    try {
      const sent = await typedPost('/v1/wechat-card/{tenant}/code', { path, data: { ...card, mobile }, silent: true });
      setNotice(t('shell.wechatCard.codeSent', { minutes: sent.validMinutes }));
    } catch (error) {
      refused(error);
    } finally {
      setSending(false);
    }
  };

  const bind = async (values: BindValues) => {
    setFailure(undefined);
    setBinding(true);
    try {
      const bound = await typedPost('/v1/wechat-card/{tenant}/bind', { path, data: { ...card, ...values }, silent: true });
      setOpened((current) => current && { ...current, state: 'LINKED', memberNumber: bound.memberNumber });
    } catch (error) {
      refused(error);
    } finally {
      setBinding(false);
    }
  };

  const colour = opened?.colour ?? '#63b359';
  return (
    <div className="console-standalone wechat-card-bind">
      <main className="wechat-card-bind-body">
        <div className="wechat-card-bind-language">
          <LanguageSwitch />
        </div>
        <Typography.Title level={1} className="wechat-card-bind-heading">
          {t('shell.wechatCard.title')}
        </Typography.Title>
        {opened ? (
          <div
            className="wechat-card-bind-card"
            data-testid="wechat-card-face"
            style={{ background: colour, color: readableTextOn(colour) }}
          >
            <div>{opened.brandName}</div>
            <div className="wechat-card-bind-card-title">{opened.title}</div>
          </div>
        ) : null}
        {failure ? <Alert type="error" showIcon role="alert" message={failure} className="wechat-card-bind-alert" /> : null}
        {opened?.state === 'LINKED' ? (
          <Result
            status="success"
            title={t('shell.wechatCard.linked')}
            subTitle={t('shell.wechatCard.memberNumber', { number: opened.memberNumber ?? '' })}
          />
        ) : null}
        {opened?.state === 'BIND' ? (
          <Card>
            <Typography.Paragraph>{t('shell.wechatCard.hint')}</Typography.Paragraph>
            <Form form={form} layout="vertical" requiredMark={false} onFinish={bind} id="wechat-card-bind-form">
              <Form.Item
                name="mobile"
                label={t('shell.wechatCard.mobile')}
                // Its shape is checked by the server (the member declaration's), answered at this field.
                rules={[{ required: true, message: t('shell.wechatCard.badMobile') }]}
              >
                <Input inputMode="numeric" autoComplete="tel" maxLength={11} />
              </Form.Item>
              <Form.Item label={t('shell.wechatCard.smsCode')} required>
                <Space.Compact block>
                  <Form.Item name="smsCode" noStyle rules={[{ required: true, message: t('shell.wechatCard.noCode') }]}>
                    <Input inputMode="numeric" autoComplete="one-time-code" maxLength={6} aria-label={t('shell.wechatCard.smsCode')} />
                  </Form.Item>
                  <Button onClick={() => void sendCode()} loading={sending}>
                    {t('shell.wechatCard.sendCode')}
                  </Button>
                </Space.Compact>
              </Form.Item>
              {notice ? <Alert type="success" showIcon message={notice} className="wechat-card-bind-alert" /> : null}
              <Button type="primary" htmlType="submit" block loading={binding}>
                {t('shell.wechatCard.bind')}
              </Button>
            </Form>
          </Card>
        ) : null}
      </main>
    </div>
  );
}
