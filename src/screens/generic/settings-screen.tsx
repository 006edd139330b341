/**
 * The screens of a settings object (`ResourceDef.singleton`, DESIGN.md §7): the tenant's (or
 * centre's) one record shown as a detail, with an Edit button (for users who may write) that
 * turns it into the generic form in place or, when the declaration names a `settingsEdit`
 * screen, leads to that screen ({@link SettingsEditPage}). Before the first save the server
 * answers the declared defaults (version 0), and the screen says so.
 */
import { Alert, Button, Card, Result, Skeleton, Space } from 'antd';
import { useCustom, type BaseRecord } from '@refinedev/core';
import { useState } from 'react';
import { useNavigate } from 'react-router-dom';
import { useDiscardGuard } from '../../components/use-discard-guard';
import type { ResourceDef } from '../../../resources/define';
import { apiPost } from '../../../providers/http';
import type { ApiRecord } from '../../fields/field-kind';
import { errorText } from './call-errors';
import { DetailSections } from './record-detail';
import { RecordForm, type FormSource } from './record-form';
import { settingsLocations } from './resource-routes';
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

/** The settings record read from the server, and the form's source saving it. */
function useSettingsRecord(resource: ResourceDef) {
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
  const placeholder = query.isLoading ? (
    <Skeleton active />
  ) : query.isError || !record ? (
    <Result status="warning" title={errorText(query.error)} />
  ) : undefined;
  return { query, record, source, placeholder };
}

/** A settings object's detail, editable in place or through its edit screen. */
export function SettingsScreen(props: SettingsScreenProps) {
  const { resource } = props;
  const t = useTranslate();
  const navigate = useNavigate();
  const permissions = useResourcePermissions(resource);
  // A settings object shown inside another screen (no settings screen of its own) edits in place.
  const editRoute = resource.route.screens.settings === undefined ? undefined : settingsLocations(resource).edit;
  const [editing, setEditing] = useState(props.startEditing === true && editRoute === undefined);
  const { query, record, source, placeholder } = useSettingsRecord(resource);

  const body = () => {
    if (placeholder || !record) return placeholder;
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
          <Button type="primary" onClick={() => (editRoute === undefined ? setEditing(true) : navigate(editRoute))}>
            {t('screens.edit')}
          </Button>
        ) : null
      }
    >
      {body()}
    </Card>
  );
}

/**
 * The edit screen of a settings object that declares one (`route.screens.settingsEdit`): the form
 * on its own page. Saving returns to the read screen; cancelling too, asking first when the form
 * was changed (as every form does).
 */
export function SettingsEditPage(props: { readonly resource: ResourceDef }) {
  const { resource } = props;
  const t = useTranslate();
  const navigate = useNavigate();
  const [dirty, setDirty] = useState(false);
  const guard = useDiscardGuard(dirty);
  const { record, source, placeholder } = useSettingsRecord(resource);
  const back = () => navigate(settingsLocations(resource).read);
  return (
    <Card title={t('screens.editTitle', { name: t(`res.${resource.name}`) })}>
      {placeholder ??
        (record ? (
          <RecordForm
            resource={resource}
            source={source}
            columns={2}
            onSaved={() => guard.saved(back)}
            onCancel={() => guard(back)}
            onDirtyChange={setDirty}
          />
        ) : null)}
    </Card>
  );
}
