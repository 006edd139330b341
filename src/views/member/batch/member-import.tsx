import { UploadOutlined } from '@ant-design/icons';
import { Alert, App, Button, Space, Table, Typography, Upload } from 'antd';
import { useState } from 'react';
import type { Translate } from '../../../fields/field-kind';
import { alreadyReported, errorText } from '../../../screens/generic/call-errors';
import { importMembers, type ImportResolution } from './batch-api';
import { base64Of } from '../../../components/file-base64';

/** Props of {@link MemberImport}: a form control whose value is the ids of the members found. */
export interface MemberImportProps {
  readonly t: Translate;
  /** Ids of the members on the document (antd Form.Item supplies it). */
  readonly value?: readonly number[];
  readonly onChange?: (ids: number[]) => void;
  /** Called with the name of the workbook the members came from. */
  readonly onFileName: (name: string) => void;
}

/** How many unknown values are quoted before the rest is summed up. */
const QUOTED = 10;

/**
 * Choosing the members of an `imported` document: an .xlsx whose first column holds mobiles or
 * member numbers is read by the server; the members found become the value (and are shown), the
 * values that found nobody are listed so the user can correct the file.
 */
export function MemberImport(props: MemberImportProps) {
  const { t } = props;
  const { message } = App.useApp();
  const [busy, setBusy] = useState(false);
  const [resolution, setResolution] = useState<ImportResolution>();

  const choose = async (file: File) => {
    setBusy(true);
    try {
      const resolved = await importMembers({ fileName: file.name, content: await base64Of(file) });
      setResolution(resolved);
      props.onFileName(resolved.fileName);
      props.onChange?.(resolved.members.map((member) => member.id));
    } catch (error) {
      if (!alreadyReported(error)) void message.error(errorText(error));
    } finally {
      setBusy(false);
    }
  };

  const unknown = resolution?.unknown ?? [];
  const quoted =
    unknown
      .slice(0, QUOTED)
      .map((v) => v.value)
      .join(', ') + (unknown.length > QUOTED ? '…' : '');
  return (
    <Space direction="vertical" style={{ width: '100%' }}>
      <Upload
        accept=".xlsx"
        showUploadList={false}
        beforeUpload={(file) => {
          void choose(file);
          return false;
        }}
      >
        <Button icon={<UploadOutlined />} loading={busy}>
          {t('batch.edit.upload')}
        </Button>
      </Upload>
      <Typography.Text type="secondary">{t('batch.edit.uploadHint')}</Typography.Text>
      {resolution ? (
        <>
          <Alert
            type="success"
            showIcon
            message={t('batch.edit.matched', { count: resolution.members.length })}
            description={resolution.fileName}
          />
          {unknown.length > 0 ? (
            <Alert type="warning" showIcon message={t('batch.edit.unknown', { count: unknown.length, values: quoted })} />
          ) : null}
          <Table
            size="small"
            rowKey="id"
            dataSource={[...resolution.members]}
            pagination={{ pageSize: 10, hideOnSinglePage: true }}
            columns={[
              { key: 'memberNumber', dataIndex: 'memberNumber', title: t('res.member.memberNumber') },
              { key: 'name', dataIndex: 'name', title: t('res.member.name') },
              { key: 'mobile', dataIndex: 'mobile', title: t('res.member.mobile') },
            ]}
          />
        </>
      ) : props.value && props.value.length > 0 ? (
        <Alert type="info" showIcon message={t('batch.edit.matched', { count: props.value.length })} />
      ) : null}
    </Space>
  );
}
