/**
 * The two partner files of a third-party coupon campaign's detail (issue 28 item 1; the server's
 * side is server/modules/activities/codes/README.md): the partner batches of a coupon code export
 * (import a partner's codes with the batch's issuer and settlement price; the query view
 * `coupon-code-batches`), and the reconciliation of any third-party campaign (upload the partner's
 * statement of redemptions; the query view `code-reconciliation`, grouped by statement and result,
 * with its totals and export). Each upload is a file-centre import followed in the import dialog
 * (progress, then the count or the refusal with its error report); its button shows to those who
 * maintain the entry's campaigns, which the server checks again.
 */
import { UploadOutlined } from '@ant-design/icons';
import { useCan } from '@refinedev/core';
import { Button, Form, Input, InputNumber, Space } from 'antd';
import { useState, type ReactNode } from 'react';
import { apiPost } from '../../../providers/http';
import { findEntry } from '../../../resources/catalog/index';
import { codeReconciliationView } from '../../../resources/promotion/code-reconciliation.query-view';
import { couponCodeBatchesView } from '../../../resources/promotion/coupon-code-batches.query-view';
import type { QueryViewDef } from '../../../resources/query-view';
import type { Translate } from '../../fields/field-kind';
import { XLSX_MIME } from '../../screens/files/file-task-api';
import { ImportModal } from '../../screens/files/import-modal';
import { QueryViewPanel } from '../../screens/query-view/query-view-screen';

/** The grant of the uploads: 配置维护 on 营销/第三方发券. */
const ENTRY = findEntry('promotion', 'third-coupon')?.resourceId ?? '';

/** Uploads a workbook to a module import's route with its parameters; answers the task. */
function uploadTo(path: string, file: File, params: Record<string, string | number>): Promise<{ taskId: number }> {
  return apiPost(`/v1/coupon-codes/${path}`, {
    data: file,
    params: { ...params, fileName: file.name },
    headers: { 'content-type': XLSX_MIME },
  });
}

/** A view's rows on the detail, under the upload button; an accepted upload reloads them. */
function UploadAndView(props: {
  readonly view: QueryViewDef;
  readonly activityId: number;
  readonly button: string;
  readonly heading: string;
  readonly hint: string;
  readonly inputs?: ReactNode;
  readonly ready?: boolean;
  readonly start: (file: File) => Promise<{ taskId: number }>;
  readonly doneText?: (task: { processed: number }) => string;
}) {
  const [open, setOpen] = useState(false);
  const [generation, setGeneration] = useState(0);
  const { data: can } = useCan({ resource: ENTRY, action: '配置维护', params: { resourceId: ENTRY } });
  return (
    <Space direction="vertical" style={{ width: '100%' }}>
      {can?.can ? (
        <Button icon={<UploadOutlined />} onClick={() => setOpen(true)}>
          {props.button}
        </Button>
      ) : null}
      {open ? (
        <ImportModal
          open
          title={props.heading}
          heading={props.heading}
          hint={props.hint}
          inputs={props.inputs}
          ready={props.ready}
          start={props.start}
          doneText={props.doneText}
          onClose={() => setOpen(false)}
          onImported={() => setGeneration((n) => n + 1)}
        />
      ) : null}
      <QueryViewPanel key={generation} view={props.view} fixed={{ activityId: props.activityId }} />
    </Space>
  );
}

/** A coupon code export's partner batches, and the import of a partner's codes as a new batch. */
export function PartnerBatchesTab(props: { readonly activityId: number; readonly t: Translate }) {
  const { activityId, t } = props;
  const [issuer, setIssuer] = useState('');
  const [price, setPrice] = useState<string | null>(null);
  const inputs = (
    <Form layout="vertical" component="div">
      <Form.Item label={t('codes.import.issuerLabel')} htmlFor="partner-issuer" required>
        <Input id="partner-issuer" maxLength={64} value={issuer} onChange={(e) => setIssuer(e.target.value)} />
      </Form.Item>
      <Form.Item label={t('codes.import.priceLabel')} htmlFor="partner-price" required>
        <InputNumber<string>
          id="partner-price"
          stringMode
          min="0"
          max="1000000"
          precision={2}
          style={{ width: 200 }}
          value={price}
          onChange={(value) => setPrice(value)}
        />
      </Form.Item>
    </Form>
  );
  return (
    <UploadAndView
      view={couponCodeBatchesView}
      activityId={activityId}
      button={t('codes.import.button')}
      heading={t('codes.import.title')}
      hint={t('codes.import.hint')}
      inputs={inputs}
      ready={issuer.trim() !== '' && price !== null && price !== ''}
      start={(file) => uploadTo('import', file, { activityId, issuer: issuer.trim(), settlementPrice: price ?? '' })}
    />
  );
}

/** A third-party campaign's reconciliations: upload the partner's statement, read the result. */
export function ReconciliationTab(props: { readonly activityId: number; readonly t: Translate }) {
  const { activityId, t } = props;
  return (
    <UploadAndView
      view={codeReconciliationView}
      activityId={activityId}
      button={t('codes.reconcile.button')}
      heading={t('codes.reconcile.title')}
      hint={t('codes.reconcile.hint')}
      start={(file) => uploadTo('reconcile', file, { activityId })}
      doneText={(task) => t('codes.reconcile.done', { count: task.processed })}
    />
  );
}
