/**
 * A batch operation document (member/batch-operate/dtl?id=): the declared detail with its actions
 * (edit, audit, delete while not audited), which shows only the fields that apply to its
 * operation and selection mode (their `when`); then the run's progress, read again every second while it runs, and every
 * member's result, filterable and exportable.
 */
import { App, Card, Space } from 'antd';
import { useInvalidate, useOne, type BaseRecord } from '@refinedev/core';
import { useCallback, useState } from 'react';
import { useNavigate, useSearchParams } from 'react-router-dom';
import { batchOperateResource } from '../../../resources/member/batch-operate.resource';
import type { ApiRecord } from '../../fields/field-kind';
import { RecordDetail } from '../../screens/generic/record-detail';
import { ID_PARAM, viewLocation, type GenericView } from '../../screens/generic/resource-routes';
import { useResourcePermissions } from '../../screens/generic/use-resource-permissions';
import { useTranslate } from '../../screens/generic/use-translate';
import type { BatchProgress } from './batch/batch-api';
import { BatchProgressView, BatchResults } from './batch/batch-results';

const resource = batchOperateResource;

export default function BatchOperateDtlScreen() {
  const t = useTranslate();
  const navigate = useNavigate();
  const [params] = useSearchParams();
  const id = params.get(ID_PARAM) ?? '';
  const permissions = useResourcePermissions(resource);
  const invalidate = useInvalidate();
  const one = useOne<BaseRecord>({ resource: resource.name, id, queryOptions: { enabled: id !== '' }, errorNotification: false });
  const record = one.data?.data as ApiRecord | undefined;
  const [progress, setProgress] = useState<BatchProgress>();
  const state = record?.state as string | undefined;

  // The run moved the document on: the header (state, counts, times) is read again.
  const onProgress = useCallback(
    (next: BatchProgress) => {
      setProgress(next);
      if (state !== undefined && next.state !== state) void invalidate({ resource: resource.name, invalidates: ['detail', 'list'], id });
    },
    [state, invalidate, id],
  );

  const open = (view: GenericView, recordId?: string | number) => navigate(viewLocation(resource, view, recordId));
  return (
    <App component={false}>
      <Space direction="vertical" size="middle" style={{ width: '100%' }}>
        <Card>
          <RecordDetail resource={resource} id={id} columns={2} permissions={permissions} onOpen={open} onDeleted={() => open('list')} />
        </Card>
        {record ? (
          <>
            <Card title={t('batch.dtl.progress')}>
              <BatchProgressView t={t} progress={progress} />
            </Card>
            <Card title={t('batch.dtl.results')}>
              <BatchResults
                t={t}
                id={id}
                state={state}
                polling={state === 'RUNNING' || progress?.state === 'RUNNING'}
                onProgress={onProgress}
              />
            </Card>
          </>
        ) : null}
      </Space>
    </App>
  );
}
