/**
 * The screen of a settings object (`ResourceDef.singleton`, DESIGN.md §7): the tenant's (or
 * centre's) one record shown as a detail, with an Edit button (for users who may write) that
 * turns it into the generic form in place. Before the first save the server answers the declared
 * defaults (version 0), and the screen says so.
 */
import { Alert, Button, Card, Result, Skeleton, Space } from 'antd';
import { useCustom, type BaseRecord } from '@refinedev/core';
import { useState } from 'react';
import type { ResourceDef } from '../../../resources/define';
import { apiPost } from '../../../providers/http';
import type { ApiRecord } from '../../fields/field-kind';
import { errorText } from './call-errors';
import { DetailSections } from './record-detail';
import { RecordForm, type FormSource } from './record-form';
import { useResourcePermissions } from './use-resource-permissions';
import { useTranslate } from './use-translate';

/** The endpoints of a settings object. */
export const settingsUrls = (resource: ResourceDef) => ({
  get: `/v1/${resource.name}/get`,
  save: `/v1/${resource.name}/save`,
});

/** Props of {@link SettingsScreen}. */
export interface SettingsScreenProps {
  readonly resource: ResourceDef;
  /** Called after a save (a wizard moves on). */
  readonly onSaved?: (record: BaseRecord) => void;
  /** Open in edit mode (a wizard's step). */
  readonly startEditing?: boolean;
}

/** A settings object's detail, editable in place. */
export function SettingsScreen(props: SettingsScreenProps) {
  const { resource } = props;
  const t = useTranslate();
  const permissions = useResourcePermissions(resource);
  const [editing, setEditing] = useState(props.startEditing === true);
  const urls = settingsUrls(resource);
  const query = useCustom<BaseRecord>({ url: urls.get, method: 'get', errorNotification: false });
  const record = query.data?.data as ApiRecord | undefined;
  const source: FormSource = {
    record,
    loading: query.isLoading,
    error: query.isError ? query.error : undefined,
    save: (body, version) => apiPost<BaseRecord>(urls.save, { data: { ...body, version: typeof version === 'number' ? version : 0 } }),
    reload: () => void query.refetch(),
  };

  const body = () => {
    if (query.isLoading) return <Skeleton active />;
    if (query.isError || !record) return <Result status="warning" title={errorText(query.error)} />;
    if (editing) {
      return (
        <RecordForm
          resource={resource}
          source={source}
          columns={2}
          onSaved={(saved) => {
            setEditing(false);
            void query.refetch();
            props.onSaved?.(saved);
          }}
          onCancel={() => setEditing(false)}
        />
      );
    }
    const saved = Number(record.version ?? 0) > 0;
    return (
      <Space direction="vertical" size="large" style={{ width: '100%' }}>
        {saved ? null : <Alert type="info" showIcon message={t('screens.settings.defaults')} />}
        <DetailSections resource={resource} record={record} columns={2} system={saved} />
      </Space>
    );
  };

  return (
    <Card
      title={t(`res.${resource.name}`)}
      extra={
        !editing && permissions.edit && record ? (
          <Button type="primary" onClick={() => setEditing(true)}>
            {t('screens.edit')}
          </Button>
        ) : null
      }
    >
      {body()}
    </Card>
  );
}
