import { Progress, Space, Tag, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import type { FileTaskView } from './file-task-api';

const STATE_COLOR: Record<FileTaskView['state'], string> = {
  queued: 'default',
  running: 'processing',
  succeeded: 'success',
  failed: 'error',
};

/** The state of a task as a coloured tag. */
export function FileTaskStateTag(props: { readonly state: FileTaskView['state'] }) {
  const { t } = useTranslation();
  return <Tag color={STATE_COLOR[props.state]}>{t(`files.state.${props.state}`)}</Tag>;
}

/**
 * A task's progress bar: active while it runs, green when done, red with the reason when it
 * failed. An import that was refused because of invalid rows shows how many.
 */
export function FileTaskProgress(props: {
  readonly task: FileTaskView;
  readonly size?: 'small' | 'default';
  /** The caller says why the task failed itself (the import dialog), so the bar does not repeat it. */
  readonly hideError?: boolean;
}) {
  const { task } = props;
  const status = task.state === 'failed' ? 'exception' : task.state === 'succeeded' ? 'success' : 'active';
  return (
    <Space direction="vertical" size={0} style={{ width: '100%' }}>
      <Progress
        percent={task.state === 'succeeded' ? 100 : task.progress}
        status={status}
        size={props.size === 'small' ? 'small' : 'default'}
        aria-label={`${task.fileName} ${task.progress}%`}
      />
      {task.error && props.hideError !== true ? <Typography.Text type="danger">{task.error}</Typography.Text> : null}
    </Space>
  );
}
