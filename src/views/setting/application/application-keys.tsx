/**
 * The "Keys" tab of an application's detail (issue 31 §1): its keys by prefix and life, issuing
 * a new one (shown once, in a dialog that must be closed on purpose) with the overlap the current
 * keys keep working for, and revoking one after a confirmation. Who may only view sees the list.
 */
import { Alert, Button, Form, Modal, Popconfirm, Select, Space, Table, Tag, Typography } from 'antd';
import { ShownOnce } from './shown-once';
import { useCallback, useEffect, useState } from 'react';
import { useAction, useErrorReporter } from '../../../components/use-action';
import type { ApiRecord, Translate } from '../../../fields/field-kind';
import { useCanConfigure } from '../shared/use-can-configure';
import { applicationKeys, issueApplicationKey, revokeApplicationKey, type ApplicationKey, type IssuedKey } from './application-api';

/** The overlaps offered, in hours (the server takes 0 to 168). */
const OVERLAPS = [0, 1, 24, 168] as const;

const STATE_COLORS: Record<ApplicationKey['state'], string> = { ACTIVE: 'green', EXPIRING: 'orange', EXPIRED: 'default', REVOKED: 'red' };

export function ApplicationKeys(props: { record: ApiRecord; t: Translate }) {
  const { record, t } = props;
  const id = Number(record.id);
  const canConfigure = useCanConfigure('application');
  const run = useAction();
  const report = useErrorReporter();
  const [keys, setKeys] = useState<ApplicationKey[] | null>(null);
  const [asking, setAsking] = useState(false);
  const [overlap, setOverlap] = useState<number>(24);
  const [issued, setIssued] = useState<IssuedKey | null>(null);

  const reload = useCallback(() => {
    applicationKeys(id).then(setKeys, report);
  }, [id, report]);
  useEffect(reload, [reload]);

  const live = (keys ?? []).some((key) => key.state === 'ACTIVE' || key.state === 'EXPIRING');
  const issue = async () => {
    try {
      setIssued(await issueApplicationKey(id, live ? overlap : 0));
      setAsking(false);
      reload();
    } catch (error) {
      report(error);
    }
  };

  return (
    <Space direction="vertical" style={{ width: '100%' }}>
      <Alert type="info" showIcon message={t('setting.application.keys.hint')} />
      {canConfigure ? (
        <Button type="primary" onClick={() => (live ? setAsking(true) : void issue())} disabled={record.state !== 'ENABLED'}>
          {t('setting.application.keys.issue')}
        </Button>
      ) : null}
      <Table<ApplicationKey>
        rowKey="prefix"
        size="small"
        loading={keys === null}
        dataSource={keys ?? []}
        pagination={false}
        locale={{ emptyText: t('setting.application.keys.empty') }}
        scroll={{ x: 'max-content' }}
        columns={[
          {
            key: 'prefix',
            title: t('setting.application.keys.prefix'),
            render: (_, key) => <Typography.Text code>{key.prefix}…</Typography.Text>,
          },
          {
            key: 'state',
            title: t('setting.application.keys.state'),
            render: (_, key) => <Tag color={STATE_COLORS[key.state]}>{t(`setting.application.keys.state.${key.state}`)}</Tag>,
          },
          { key: 'createdAt', title: t('setting.application.keys.createdAt'), dataIndex: 'createdAt' },
          { key: 'createdBy', title: t('setting.application.keys.createdBy'), dataIndex: 'createdBy' },
          { key: 'ends', title: t('setting.application.keys.expiresAt'), render: (_, key) => key.revokedAt ?? key.expiresAt ?? '' },
          ...(canConfigure
            ? [
                {
                  key: 'actions',
                  title: t('setting.common.actions'),
                  render: (_: unknown, key: ApplicationKey) =>
                    key.state === 'ACTIVE' || key.state === 'EXPIRING' ? (
                      <Popconfirm
                        title={t('setting.application.keys.revokeConfirm')}
                        onConfirm={async () => {
                          if (await run(() => revokeApplicationKey(id, key.prefix), t('setting.application.keys.revoked'))) reload();
                        }}
                      >
                        <Button type="link" danger size="small">
                          {t('setting.application.keys.revoke')}
                        </Button>
                      </Popconfirm>
                    ) : null,
                },
              ]
            : []),
        ]}
      />
      <Modal
        open={asking}
        title={t('setting.application.keys.issue')}
        onOk={() => void issue()}
        onCancel={() => setAsking(false)}
        destroyOnHidden
      >
        <Form layout="vertical">
          <Form.Item label={t('setting.application.keys.overlap')} extra={t('setting.application.keys.overlapHelp')}>
            <Select
              aria-label={t('setting.application.keys.overlap')}
              value={overlap}
              onChange={setOverlap}
              options={OVERLAPS.map((hours) => ({ value: hours, label: t(`setting.application.keys.overlap.${hours}`) }))}
            />
          </Form.Item>
        </Form>
      </Modal>
      <ShownOnce
        t={t}
        value={issued?.key ?? null}
        title="setting.application.keys.issued"
        warning="setting.application.keys.issuedWarning"
        testId="issued-key"
        onClose={() => setIssued(null)}
      />
    </Space>
  );
}
