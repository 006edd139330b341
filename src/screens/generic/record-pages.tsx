import { Card } from 'antd';
import { useNavigate, useSearchParams } from 'react-router-dom';
import type { ResourceDef } from '../../../resources/define';
import { RecordDetail } from './record-detail';
import { RecordForm } from './record-form';
import { ID_PARAM, viewLocation, type GenericView } from './resource-routes';
import { useResourcePermissions } from './use-resource-permissions';
import { useTranslate } from './use-translate';

/** Leaves a routed view: to the list when there is one, otherwise back where the user came from. */
function useLeave(resource: ResourceDef): () => void {
  const navigate = useNavigate();
  return () => (resource.route.screens.list !== undefined ? navigate(viewLocation(resource, 'list')) : navigate(-1));
}

/**
 * The routed add / edit screen (`#/<group>/<entry>/<add or edit screen>[?id=7]`): editing when
 * the url names a record, adding otherwise. Saving or cancelling returns to the list.
 */
export function RecordFormPage(props: { readonly resource: ResourceDef }) {
  const t = useTranslate();
  const [params] = useSearchParams();
  const leave = useLeave(props.resource);
  const id = params.get(ID_PARAM) ?? undefined;
  const title = t(id === undefined ? 'screens.addTitle' : 'screens.editTitle', { name: t(`res.${props.resource.name}`) });
  return (
    <Card title={title}>
      <RecordForm key={id ?? ''} resource={props.resource} id={id} columns={2} onSaved={leave} onCancel={leave} />
    </Card>
  );
}

/** The routed detail screen (`#/<group>/<entry>/<dtl screen>?id=7`). */
export function RecordDetailPage(props: { readonly resource: ResourceDef }) {
  const [params] = useSearchParams();
  const navigate = useNavigate();
  const leave = useLeave(props.resource);
  const permissions = useResourcePermissions(props.resource);
  const t = useTranslate();
  const id = params.get(ID_PARAM);
  const open = (view: GenericView, recordId?: string | number) => navigate(viewLocation(props.resource, view, recordId));
  return (
    <Card>
      {id === null ? t('screens.notFound') : (
        <RecordDetail resource={props.resource} id={id} columns={2} permissions={permissions} onOpen={open} onDeleted={leave} />
      )}
    </Card>
  );
}
