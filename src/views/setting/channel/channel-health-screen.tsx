/**
 * Settings › Channel gateway › Channel health (issue 27 §5): each outside channel's state
 * (connected, failing, not connected), its last call with the platform's error code, and its
 * failed calls on each of the last 7 days, from `GET /v1/channels/health`. The call log itself is
 * the query view beside it (channel-calls).
 */
import { Alert, Space, Table, Tag, Tooltip, Typography } from 'antd';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router-dom';
import { typedGet } from '../../../../providers/http';
import type { ApiData } from '../../../../resources/contract/api.types';
import { useErrorReporter } from '../../../components/use-action';

/** One channel as the health page shows it. */
type ChannelHealth = ApiData<'get', '/v1/channels/health'>[number];

const STATE_COLORS: Record<ChannelHealth['state'], string> = { CONNECTED: 'green', FAILING: 'red', NOT_CONNECTED: 'default' };

export default function ChannelHealthScreen() {
  const { t } = useTranslation();
  const report = useErrorReporter();
  const [rows, setRows] = useState<ChannelHealth[] | null>(null);
  useEffect(() => {
    typedGet('/v1/channels/health').then(setRows, report);
  }, [report]);

  return (
    <Space direction="vertical" style={{ width: '100%' }}>
      <Alert type="info" showIcon message={t('channels.health.hint')} />
      <Table<ChannelHealth>
        rowKey="channel"
        size="small"
        loading={rows === null}
        dataSource={rows ?? []}
        pagination={false}
        scroll={{ x: 'max-content' }}
        columns={[
          { key: 'channel', title: t('channels.health.channel'), render: (_, row) => t(`res.channel-calls.channel.${row.channel}`) },
          {
            key: 'state',
            title: t('channels.health.state'),
            render: (_, row) => <Tag color={STATE_COLORS[row.state]}>{t(`channels.health.state.${row.state}`)}</Tag>,
          },
          {
            key: 'lastCall',
            title: t('channels.health.lastCall'),
            render: (_, row) =>
              row.lastCallAt === null ? (
                <Typography.Text type="secondary">{t('channels.health.never')}</Typography.Text>
              ) : (
                <Space size={4} wrap>
                  <span>{row.lastCallAt}</span>
                  {row.lastOutcome ? <Tag>{t(`res.channel-calls.outcome.${row.lastOutcome}`)}</Tag> : null}
                  {row.lastErrorCode ? <Typography.Text code>{row.lastErrorCode}</Typography.Text> : null}
                </Space>
              ),
          },
          {
            key: 'lastCallback',
            title: t('channels.health.lastCallback'),
            render: (_, row) =>
              row.lastCallback === null ? (
                <Typography.Text type="secondary">{t('channels.health.noCallback')}</Typography.Text>
              ) : (
                <Space size={4} wrap>
                  <span>{row.lastCallback.at}</span>
                  <Typography.Text code>{row.lastCallback.event}</Typography.Text>
                  <Tag color={row.lastCallback.outcome === 'REFUSED' ? 'red' : 'default'}>
                    {t(`channels.health.callback.${row.lastCallback.outcome}`)}
                  </Tag>
                  {row.lastCallback.reason ? <span>{t(`channels.health.callback.reason.${row.lastCallback.reason}`)}</span> : null}
                </Space>
              ),
          },
          { key: 'calls', title: t('channels.health.calls'), dataIndex: 'calls', align: 'right' },
          {
            key: 'failedByDay',
            title: t('channels.health.failedByDay'),
            render: (_, row) => (
              <Space size={2}>
                {row.failedByDay.map((day) => (
                  <Tooltip key={day.day} title={day.day}>
                    <Tag color={day.failed > 0 ? 'red' : 'default'} aria-label={`${day.day}: ${day.failed}`}>
                      {day.failed}
                    </Tag>
                  </Tooltip>
                ))}
              </Space>
            ),
          },
        ]}
      />
      <Link to="/setting/channel/channel-calls">{t('channels.health.calls.link')}</Link>
    </Space>
  );
}
