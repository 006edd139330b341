import { DownloadOutlined } from '@ant-design/icons';
import { Alert, Button, Flex, Progress, Segmented, Space, Table, Typography } from 'antd';
import { useEffect, useRef, useState } from 'react';
import type { EnumField, LinesField } from '../../../../resources/define';
import { batchOperateResource, LINE_RESULTS, type LineResult } from '../../../../resources/member/batch-operate.resource';
import { usePagedQuery } from '../../../components/use-paged-query';
import type { FieldContext, Translate } from '../../../fields/field-kind';
import { DASH } from '../../../fields/field-helpers';
import { fieldContext } from '../../../fields/field-kinds';
import { enumTag } from '../../../fields/kinds/choice.kind';
import { lineContext } from '../../../fields/kinds/lines.kind';
import {
  queryResults,
  resultsExportUrl,
  type BatchProgress,
  type BatchResultRow,
  type BatchResultsPage,
  type ResultFilter,
} from './batch-api';
import { useEvery } from '../../../components/use-every';

/** How often a running document's progress and results are read again. */
export const POLL_MS = 1000;

const ALL = 'all';

/** The context of one field of the document's lines (labels and the result's tag colours). */
function lineField(t: Translate, name: string): FieldContext {
  const lines = fieldContext({ resource: batchOperateResource, name: 'lines', t }) as FieldContext<LinesField>;
  return lineContext(lines, name);
}

/** Props of {@link BatchProgressView}. */
export interface BatchProgressProps {
  readonly t: Translate;
  readonly progress: BatchProgress | undefined;
}

/** The run's progress: a bar (moving while RUNNING), the counts, and what a failed run means. */
export function BatchProgressView(props: BatchProgressProps) {
  const { t, progress } = props;
  if (!progress) return null;
  if (progress.state === 'INITIAL') return <Typography.Text type="secondary">{t('batch.dtl.waiting')}</Typography.Text>;
  const total = Math.max(progress.memberCount, 1);
  const percent = Math.floor((progress.processedCount * 100) / total);
  const status = progress.state === 'RUNNING' ? 'active' : progress.state === 'FAILED' ? 'exception' : 'success';
  return (
    <Space direction="vertical" style={{ width: '100%' }} data-testid="batch-progress" data-state={progress.state}>
      <Progress percent={progress.state === 'EFFECTED' ? 100 : percent} status={status} aria-label={t('batch.dtl.progress')} />
      <Typography.Text>
        {t('batch.dtl.counts', {
          processed: progress.processedCount,
          total: progress.memberCount,
          succeeded: progress.succeededCount,
          failed: progress.failedCount,
        })}
      </Typography.Text>
      {progress.state === 'FAILED' ? <Alert type="error" showIcon message={t('batch.dtl.failed')} /> : null}
    </Space>
  );
}

/** Props of {@link BatchResults}. */
export interface BatchResultsProps {
  readonly t: Translate;
  readonly id: string;
  /** Read again every {@link POLL_MS} while true. */
  readonly polling: boolean;
  /** The document's state as the detail shows it: read again whenever it changes (an audit, the end of a run). */
  readonly state: string | undefined;
  /** Receives the progress of every answer. */
  readonly onProgress: (progress: BatchProgress) => void;
}

/**
 * The members of a document and each one's result, paged by the server, filtered by result
 * (with the count of each), with an export of what the filter shows.
 */
export function BatchResults(props: BatchResultsProps) {
  const { t, id, onProgress } = props;
  const [result, setResult] = useState<LineResult>();
  const paged = usePagedQuery<BatchResultRow, ResultFilter>({
    fetch: (query) => queryResults({ id, ...query }),
    initialFilters: {},
    totalText: (total) => t('batch.dtl.total', { total }),
  });
  const page = paged.remote.data as BatchResultsPage | undefined;
  const { reload } = paged.remote;

  useEvery(props.polling ? POLL_MS : null, reload);

  const shownState = useRef(props.state);
  useEffect(() => {
    if (shownState.current === props.state) return;
    shownState.current = props.state;
    reload();
  }, [props.state, reload]);

  useEffect(() => {
    if (page) onProgress(page.progress);
  }, [page, onProgress]);

  const resultCtx = lineField(t, 'result') as FieldContext<EnumField>;
  const choose = (value: string) => {
    const next = value === ALL ? undefined : (value as LineResult);
    setResult(next);
    paged.setFilters(next ? { result: next } : {});
  };
  const counts = page?.counts;
  const all = counts ? LINE_RESULTS.reduce((sum, r) => sum + counts[r], 0) : undefined;
  const withCount = (label: string, count: number | undefined) => (count === undefined ? label : `${label} (${count})`);
  return (
    <Space direction="vertical" style={{ width: '100%' }}>
      <Flex justify="space-between" wrap gap={8}>
        <Segmented
          value={result ?? ALL}
          onChange={(value) => choose(String(value))}
          options={[
            { value: ALL, label: withCount(t('screens.all'), all) },
            ...LINE_RESULTS.map((r) => ({ value: r, label: withCount(t(`${resultCtx.key}.${r}`), counts?.[r]) })),
          ]}
        />
        <Button icon={<DownloadOutlined />} href={resultsExportUrl({ id, result })}>
          {t('batch.dtl.exportResults')}
        </Button>
      </Flex>
      <Table<BatchResultRow>
        size="small"
        rowKey="lineNo"
        {...paged.tableProps}
        columns={[
          { key: 'lineNo', dataIndex: 'lineNo', title: t('batch.dtl.lineNo'), width: 70 },
          { key: 'memberNumber', dataIndex: 'memberNumber', title: t('res.member.memberNumber') },
          { key: 'name', dataIndex: 'name', title: t('res.member.name') },
          { key: 'mobile', dataIndex: 'mobile', title: t('res.member.mobile') },
          { key: 'result', dataIndex: 'result', title: t(resultCtx.key), render: (value: LineResult) => enumTag(resultCtx, value) },
          { key: 'message', dataIndex: 'message', title: t(lineField(t, 'message').key), render: (value: string | null) => value ?? DASH },
        ]}
      />
    </Space>
  );
}
