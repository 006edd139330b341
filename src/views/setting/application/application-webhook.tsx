/**
 * The "Webhook" tab of an application's detail (issue 31 §2): whether its signing secret is set,
 * issuing or rotating it (shown once, in a dialog closed on purpose; the previous secret signs
 * too for a day), and the deliveries with their answers (the query view
 * `webhook-deliveries`, whose rows offer Resend). The URL and the events are the application's
 * own fields, edited with it.
 */
import { Alert, Button, Descriptions, Popconfirm, Space } from 'antd';
import { useCallback, useEffect, useState } from 'react';
import { webhookDeliveriesView } from '../../../../resources/setting/webhook-deliveries.query-view';
import { useErrorReporter } from '../../../components/use-action';
import type { ApiRecord, Translate } from '../../../fields/field-kind';
import { QueryViewPanel } from '../../../screens/query-view/query-view-screen';
import { useCanConfigure } from '../shared/use-can-configure';
import { applicationWebhook, rotateWebhookSecret, type WebhookState } from './application-api';
import { ShownOnce } from './shown-once';

export function ApplicationWebhook(props: { record: ApiRecord; t: Translate }) {
  const { record, t } = props;
  const id = Number(record.id);
  const canConfigure = useCanConfigure('application');
  const report = useErrorReporter();
  const [state, setState] = useState<WebhookState | null>(null);
  const [secret, setSecret] = useState<string | null>(null);

  const reload = useCallback(() => {
    applicationWebhook(id).then(setState, report);
  }, [id, report]);
  useEffect(reload, [reload]);

  const rotate = async () => {
    try {
      setSecret((await rotateWebhookSecret(id)).secret);
      reload();
    } catch (error) {
      report(error);
    }
  };
  const issue = (
    <Button type="primary" onClick={() => void rotate()}>
      {t('setting.application.webhook.issue')}
    </Button>
  );

  return (
    <Space direction="vertical" style={{ width: '100%' }}>
      <Alert type="info" showIcon message={t('setting.application.webhook.hint')} />
      {!record.webhookUrl ? <Alert type="warning" showIcon message={t('setting.application.webhook.noUrl')} /> : null}
      {state && !state.secretSet ? <Alert type="warning" showIcon message={t('setting.application.webhook.noSecret')} /> : null}
      <Descriptions size="small" column={1}>
        <Descriptions.Item label={t('setting.application.webhook.secretCreatedAt')}>{state?.secretCreatedAt ?? '-'}</Descriptions.Item>
        {state?.previousUntil ? (
          <Descriptions.Item label={t('setting.application.webhook.previousUntil')}>{state.previousUntil}</Descriptions.Item>
        ) : null}
      </Descriptions>
      {canConfigure && state ? (
        state.secretSet ? (
          <Popconfirm title={t('setting.application.webhook.rotateConfirm')} onConfirm={() => void rotate()}>
            <Button>{t('setting.application.webhook.rotate')}</Button>
          </Popconfirm>
        ) : (
          issue
        )
      ) : null}
      <QueryViewPanel view={webhookDeliveriesView} fixed={{ applicationId: id }} />
      <ShownOnce
        t={t}
        value={secret}
        title="setting.application.webhook.issued"
        warning="setting.application.webhook.issuedWarning"
        testId="webhook-secret"
        onClose={() => setSecret(null)}
      />
    </Space>
  );
}
