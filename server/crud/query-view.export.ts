import { pick } from '../../resources/messages/bilingual';
import type { QueryColumn, QueryViewDef } from '../../resources/query-view';
import type { ModuleExport } from '../modules/files/module-export';
import type { TaskRequester } from '../modules/files/task-requester';
import { EXPORT_BATCH, keysetBatches } from '../modules/reads/keyset-batches';
import { countViewRows, readViewRows, viewConditions, type ViewFilters, type ViewRow } from './query-view.read';
import type { ViewSource } from './query-view.source';
import { filtersBodySchema } from './query-view.schema';

/**
 * A query view's export as a file-centre job (`POST /v1/<view>/export`, files/module-export.ts):
 * every row of the filter, newest first, read by keyset in batches with the task's progress
 * saved after each; the shown columns with their labels, codes by their labels, in the
 * requester's language; money and counts as numbers.
 */

/** A cell of a row as the sheet holds it. */
function cellOf(column: QueryColumn, value: ViewRow[string], requester: TaskRequester): unknown {
  if (column.kind !== 'enum') return value;
  if (value === null) return column.none ? pick(column.none, requester.locale) : null;
  const option = column.options?.[String(value)];
  return option ? pick(option.label, requester.locale) : value;
}

const shown = (view: QueryViewDef) => Object.entries(view.columns).filter(([, c]) => !c.hidden);

const whereOf = (source: ViewSource, requester: TaskRequester, query: unknown) =>
  viewConditions({ source, actor: requester, filters: ((query ?? {}) as { filters?: ViewFilters }).filters ?? {} });

/** The module export of a view. */
export function queryViewExport(source: ViewSource): ModuleExport {
  const view = source.view;
  return {
    name: view.name,
    module: view.fileModule,
    path: `${view.name}/export`,
    requires: view.access,
    body: filtersBodySchema(view),
    check: () => undefined,
    title: (requester) => pick(view.title, requester.locale),
    columns: (requester) =>
      shown(view).map(([, c]) => ({ header: pick(c.label, requester.locale), width: Math.max(10, Math.round((c.width ?? 100) / 8)) })),
    count: ({ database, requester, query }) => countViewRows({ db: database.db, source, where: whereOf(source, requester, query) }),
    async *rows({ database, requester, query }) {
      const where = whereOf(source, requester, query);
      const batches = keysetBatches({
        idOf: (row: ViewRow) => Number(row[view.key]),
        read: (before) => readViewRows({ db: database.db, source, actor: requester, where, limit: EXPORT_BATCH, before }),
      });
      for await (const rows of batches) yield rows.map((row) => shown(view).map(([name, c]) => cellOf(c, row[name], requester)));
    },
  };
}
