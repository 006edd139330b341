import { DownloadOutlined } from '@ant-design/icons';
import { Button } from 'antd';
import type { ColumnsType } from 'antd/es/table';
import type { TFunction } from 'i18next';
import { downloadUrl, type FileTaskView } from './file-task-api';
import { FileTaskProgress, FileTaskStateTag } from './file-task-progress';

/**
 * The download button of a task: the export itself, or an import's error report. Nothing while
 * the task has no file. A plain link: the browser streams the file to disk with the session
 * cookie, so a large export never passes through JavaScript memory.
 */
export function FileTaskDownload(props: { readonly task: FileTaskView; readonly t: TFunction }) {
  const { task, t } = props;
  if (!task.outputName) return null;
  const label = task.direction === 'import' ? t('files.downloadReport') : t('files.download');
  return (
    <Button type="link" size="small" icon={<DownloadOutlined />} href={downloadUrl(task.id)} download={task.outputName}>
      {label}
    </Button>
  );
}

/** The columns of the file centre's task list. */
export function fileTaskColumns(t: TFunction): ColumnsType<FileTaskView> {
  return [
    { key: 'module', title: t('files.column.module'), width: 110, render: (_, task) => t(`files.module.${task.module}`) },
    { key: 'direction', title: t('files.column.direction'), width: 80, render: (_, task) => t(`files.direction.${task.direction}`) },
    { key: 'resource', title: t('files.column.resource'), width: 120, render: (_, task) => t(`res.${task.resource}`) },
    // A width of its own: an ellipsis column without one shrinks to nothing beside the pinned actions.
    { key: 'fileName', title: t('files.column.fileName'), dataIndex: 'fileName', ellipsis: true, width: 240 },
    { key: 'state', title: t('files.column.state'), width: 100, render: (_, task) => <FileTaskStateTag state={task.state} /> },
    { key: 'progress', title: t('files.column.progress'), width: 220, render: (_, task) => <FileTaskProgress task={task} size="small" /> },
    {
      key: 'counts',
      title: t('files.column.counts'),
      width: 150,
      render: (_, task) => `${task.processed} / ${task.failed} / ${task.total}`,
    },
    { key: 'createdAt', title: t('files.column.createdAt'), dataIndex: 'createdAt', width: 170 },
    {
      key: 'finishedAt',
      title: t('files.column.finishedAt'),
      dataIndex: 'finishedAt',
      width: 170,
      render: (value: string | null) => value ?? '-',
    },
    {
      key: '$actions',
      title: t('files.column.actions'),
      width: 150,
      fixed: 'right',
      render: (_, task) => <FileTaskDownload task={task} t={t} />,
    },
  ];
}
