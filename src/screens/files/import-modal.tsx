import { DownloadOutlined, InboxOutlined } from '@ant-design/icons';
import { Alert, App, Button, Modal, Space, Table, Typography, Upload } from 'antd';
import { useEffect, useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { MAX_IMPORT_MB } from '../../../resources/contract/file-task.types';
import { useErrorReporter } from '../../components/use-action';
import { importTemplateUrl, startImport } from './file-task-api';
import { FileTaskDownload } from './file-task-columns';
import { FileTaskProgress } from './file-task-progress';
import type { FileTaskView } from './file-task-api';
import { useFileTask } from './use-file-task';

/** Props of {@link ImportModal}. */
export interface ImportModalProps {
  /** API name of the resource the rows are imported into (its import route and template). */
  readonly resource?: string;
  /** The resource's name in the current language (modal title). */
  readonly title: string;
  /**
   * A domain's own import (files/module-import.ts on the server: a partner's codes, a statement):
   * uploads the file to its route, with what `inputs` asked, and answers the task. Without it,
   * the resource's import.
   */
  readonly start?: (file: File) => Promise<{ readonly taskId: number }>;
  /** The modal's title instead of "Import <title>". */
  readonly heading?: string;
  /** What the file must hold, instead of the resource import's hint. */
  readonly hint?: string;
  /** Inputs asked before the file (a batch's issuer and price); the file is taken only while `ready`. */
  readonly inputs?: ReactNode;
  readonly ready?: boolean;
  /** The text of a succeeded import, instead of "Imported N rows". */
  readonly doneText?: (task: FileTaskView) => string;
  readonly open: boolean;
  readonly onClose: () => void;
  /** Called once when an import has succeeded (the list reloads). */
  readonly onImported?: () => void;
}

/**
 * Uploads an .xlsx file, then follows the import task: its progress bar, then either the count
 * of imported rows or the refusal with the report's first lines and a link to the whole report. Nothing is imported unless
 * every row is valid, which the hint says before the user uploads.
 */
export function ImportModal(props: ImportModalProps) {
  const { t } = useTranslation();
  const { message } = App.useApp();
  const reportError = useErrorReporter();
  const [taskId, setTaskId] = useState<number>();
  const [uploading, setUploading] = useState(false);
  const { task } = useFileTask(taskId);
  const { onImported } = props;

  useEffect(() => {
    if (task?.state === 'succeeded') onImported?.();
  }, [task?.state, onImported]);

  const close = () => {
    setTaskId(undefined);
    props.onClose();
  };

  const upload = async (file: File) => {
    if (!file.name.toLowerCase().endsWith('.xlsx')) {
      void message.error(t('files.onlyXlsx'));
      return;
    }
    if (file.size > MAX_IMPORT_MB * 1024 * 1024) {
      void message.error(t('files.tooLarge', { max: MAX_IMPORT_MB }));
      return;
    }
    setUploading(true);
    try {
      const { taskId: id } = props.start
        ? await props.start(file)
        : await startImport({ resource: props.resource ?? '', file, fileName: file.name });
      setTaskId(id);
    } catch (error) {
      reportError(error);
    } finally {
      setUploading(false);
    }
  };

  return (
    <Modal
      open={props.open}
      title={props.heading ?? t('files.importTitle', { title: props.title })}
      onCancel={close}
      destroyOnHidden
      footer={<Button onClick={close}>{t('files.close')}</Button>}
    >
      {taskId === undefined ? (
        <Space direction="vertical" style={{ width: '100%' }}>
          <Typography.Paragraph type="secondary">{props.hint ?? t('files.importHint')}</Typography.Paragraph>
          {props.resource ? (
            <Button icon={<DownloadOutlined />} href={importTemplateUrl(props.resource)} download>
              {t('files.template')}
            </Button>
          ) : null}
          {props.inputs}
          <Upload.Dragger
            accept=".xlsx"
            multiple={false}
            showUploadList={false}
            disabled={uploading || props.ready === false}
            beforeUpload={(file) => {
              void upload(file);
              return false;
            }}
          >
            <p className="ant-upload-drag-icon">
              <InboxOutlined />
            </p>
            <p className="ant-upload-text">{uploading ? t('files.uploading') : t('files.chooseFile')}</p>
          </Upload.Dragger>
        </Space>
      ) : (
        <Space direction="vertical" style={{ width: '100%' }}>
          {/* A failure is said once, in the alert below, not again under the bar. */}
          {task ? <FileTaskProgress task={task} hideError /> : null}
          {task?.state === 'succeeded' ? (
            <Alert type="success" showIcon message={props.doneText?.(task) ?? t('files.importDone', { count: task.processed })} />
          ) : null}
          {task?.state === 'failed' ? (
            <Alert
              type="error"
              showIcon
              message={task.failed > 0 ? t('files.importFailed', { count: task.failed }) : (task.error ?? t('files.state.failed'))}
            />
          ) : null}
          {task?.problems && task.problems.length > 0 ? (
            <Table
              data-testid="import-report"
              size="small"
              pagination={false}
              rowKey={(line) => `${line.row}-${line.field}-${line.message}`}
              dataSource={[...task.problems]}
              title={() => t('files.reportShown', { count: task.problems!.length, failed: task.failed })}
              columns={[
                { key: 'row', title: t('files.report.row'), dataIndex: 'row', width: 64 },
                { key: 'field', title: t('files.report.field'), dataIndex: 'field', width: 120 },
                { key: 'message', title: t('files.report.message'), dataIndex: 'message' },
              ]}
            />
          ) : null}
          {task ? <FileTaskDownload task={task} t={t} /> : null}
        </Space>
      )}
    </Modal>
  );
}
