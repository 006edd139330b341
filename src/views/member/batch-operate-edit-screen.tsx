/**
 * Drafting or editing a batch operation document (member/batch-operate/edit[?id=]): the form
 * shows only what the chosen operation and selection mode need. A saved document opens on its
 * detail, where it is audited and its run can be watched.
 */
import { Card } from 'antd';
import { useNavigate, useSearchParams } from 'react-router-dom';
import { batchOperateResource } from '../../../resources/member/batch-operate.resource';
import { ID_PARAM, prefillOf, viewLocation } from '../../screens/generic/resource-routes';
import { useTranslate } from '../../screens/generic/use-translate';
import { BatchOperateForm } from './batch/batch-operate-form';

const resource = batchOperateResource;

export default function BatchOperateEditScreen() {
  const t = useTranslate();
  const navigate = useNavigate();
  const [params] = useSearchParams();
  const id = params.get(ID_PARAM) ?? undefined;
  const title = t(id === undefined ? 'screens.addTitle' : 'screens.editTitle', { name: t(`res.${resource.name}`) });
  return (
    <Card title={title}>
      <BatchOperateForm
        key={id ?? ''}
        id={id}
        prefill={id === undefined ? prefillOf(params) : undefined}
        onSaved={(saved) => navigate(viewLocation(resource, 'dtl', saved.id as string | number))}
        onCancel={() => navigate(viewLocation(resource, 'list'))}
      />
    </Card>
  );
}
