import { pick } from '../../resources/messages/bilingual';
import type { QueryColumn, QueryViewDef } from '../../resources/query-view';
import type { ModuleExport } from '../modules/files/module-export';
import type { TaskRequester } from '../modules/files/task-requester';
import { EXPORT_BATCH, keysetBatches } from '../modules/reads/keyset-batches';
import {
  countViewRows,
  readViewRows,
  SORT_VALUE,
  viewConditions,
  type SortedAfter,
  type ViewFilters,
  type ViewRow,
  type ViewSort,
} from './query-view.read';
import type { ViewSource } from './query-view.source';
import { exportBodySchema } from './query-view.schema';

/**
 * A query view's export as a file-centre job (`POST /v1/<view>/export`, files/module-export.ts):
 * every row of the filter in the list's order (its `sorters`, else the key order), read by keyset
 * in batches with the task's progress saved after each; the shown columns but `noExport` ones with their labels, codes by their labels, in the
 * requester's language; money and counts as numbers.
 */

/** A cell of a row as the sheet holds it. */
function cellOf(column: QueryColumn, value: ViewRow[string], requester: TaskRequester): unknown {
  if (column.kind !== 'enum') return value;
  if (value === null) return column.none ? pick(column.none, requester.locale) : null;
  const option = column.options?.[String(value)];
  return option ? pick(option.label, requester.locale) : value;
}

const shown = (view: QueryViewDef) => Object.entries(view.columns).filter(([, c]) => !c.hidden && !c.noExport);

type ExportQuery = { filters?: ViewFilters; sorters?: ViewSort[] } | undefined;

const whereOf = (source: ViewSource, requester: TaskRequester, query: unknown) =>
  viewConditions({ source, actor: requester, filters: (query as ExportQuery)?.filters ?? {} });

/** Every row of a sorted list, batch by batch, each after the last row of the one before. */
async function* sortedBatches(read: (after: SortedAfter | undefined) => Promise<ViewRow[]>, key: string): AsyncGenerator<ViewRow[]> {
  let after: SortedAfter | undefined;
  for (;;) {
    const rows = await read(after);
    if (rows.length > 0) yield rows;
    if (rows.length < EXPORT_BATCH) return;
    const last = rows[rows.length - 1];
    after = { value: String(last[SORT_VALUE]), key: Number(last[key]) };
  }
}

/** The module export of a view. */
export function queryViewExport(source: ViewSource): ModuleExport {
  const view = source.view;
  return {
    name: view.name,
    module: view.fileModule,
    path: `${view.name}/export`,
    requires: view.access,
    body: exportBodySchema(view),
    // The actor's scope refuses at once what the job would (a centre reader without a centre).
    check: (requester) => void source.scope(requester),
    title: (requester) => pick(view.title, requester.locale),
    columns: (requester) =>
      shown(view).map(([, c]) => ({ header: pick(c.label, requester.locale), width: Math.max(10, Math.round((c.width ?? 100) / 8)) })),
    count: ({ database, requester, query }) => countViewRows({ db: database.db, source, where: whereOf(source, requester, query) }),
    async *rows({ database, requester, query }) {
      const where = whereOf(source, requester, query);
      const sort = (query as ExportQuery)?.sorters?.[0] ?? null;
      const read = { db: database.db, source, actor: requester, where, limit: EXPORT_BATCH };
      const batches = sort
        ? sortedBatches((after) => readViewRows({ ...read, sort, after }), view.key)
        : keysetBatches({ idOf: (row: ViewRow) => Number(row[view.key]), read: (before) => readViewRows({ ...read, before }) });
      for await (const rows of batches) yield rows.map((row) => shown(view).map(([name, c]) => cellOf(c, row[name], requester)));
    },
  };
}
