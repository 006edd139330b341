import { defineQueryView } from '../query-view';
import { APPLICATION_READ } from './application-access';

/**
 * The calls an application made with its keys (调用记录, a tab of the application's detail), newest
 * first: the operation, the answer's status and how long it took. No screen of its own. Its
 * source: server/modules/applications/application-calls.source.ts; written by
 * server/modules/auth/application-calls.log.ts.
 */
export const applicationCallsView = defineQueryView({
  name: 'application-calls',
  title: ['调用记录', 'Calls'],
  route: { group: 'setting', entry: 'application' },
  access: APPLICATION_READ,
  fileModule: 'reports',
  key: 'id',
  time: 'calledAt',
  empty: ['该应用还没有调用', 'This application has made no calls yet'],
  columns: {
    id: { kind: 'integer', label: ['序号', 'Call'], hidden: true },
    applicationId: { kind: 'integer', label: ['应用ID', 'Application id'], hidden: true },
    calledAt: { kind: 'datetime', label: ['时间', 'Time'], width: 170 },
    keyPrefix: { kind: 'text', label: ['密钥', 'Key'], width: 130 },
    method: { kind: 'text', label: ['方法', 'Method'], width: 80 },
    operation: { kind: 'text', label: ['操作', 'Operation'], width: 260 },
    status: { kind: 'integer', label: ['状态码', 'Status'], width: 90 },
    durationMs: { kind: 'integer', label: ['耗时(毫秒)', 'Time taken (ms)'], width: 120 },
  },
  filters: {
    applicationId: { kind: 'record', label: ['应用', 'Application'] },
    calledAt: { kind: 'dateRange', label: ['日期', 'Dates'] },
    keyPrefix: { kind: 'keyword', label: ['密钥', 'Key'] },
  },
  measures: {
    calls: { kind: 'integer', label: ['调用次数', 'Calls'] },
    refused: {
      kind: 'integer',
      label: ['失败次数', 'Failed'],
      help: ['状态码 400 及以上的调用', 'Calls answered with a status of 400 or more'],
    },
  },
});
