import { and, count, type SQL } from 'drizzle-orm';
import type { ListQuery } from '../../../resources/contract/query.types';
import { pick } from '../../../resources/messages/bilingual';
import { recordShownState } from '../../../resources/state-timeline';
import type { Database } from '../../db/connection';
import { badInput } from '../../http/envelope';
import { parseQueryBody } from '../../crud/query.builder';
import { sortKeysOf } from '../../crud/query.builder';
import { afterCursor, keyValues, orderBy } from '../../crud/query.cursor';
import { filterConditions, keywordCondition } from '../../crud/query.filters';
import type { EngineRegistry, ResourceRuntime } from '../../crud/resource-registry';
import { scopeConditions, scopeOf, type Scope } from '../../crud/scope';
import type { StoredRecord } from '../../crud/server-hooks.define';
import { formatInstant } from '../../crud/zoned-time';
import { chunkWriter, deleteFile } from './file-chunks.store';
import { percent, updateTask, type FileTaskRow } from './file-task.store';
import { titlesFor } from './references.lookup';
import { columnWidth, exportCell, numberFormat } from './sheet-cells';
import { exportFields, headerOf } from './sheet-header';
import type { TaskRequester } from './task-requester';
import { openSheet } from './xlsx.writer';

/** Rows read per statement: big enough to amortise the round trip, small enough to stream. */
export const EXPORT_BATCH = 1000;

/** The list query an export repeats: exactly what POST /v1/<resource>/query accepts. */
export type ExportQuery = ListQuery;

/**
 * The WHERE and ORDER of an export: the list's own scope, filters, keyword and sort, built by
 * the engine's query builder, so the file holds exactly the rows the list shows. Throws the
 * list's own 400 for a query the list would refuse; the export route calls it before queuing.
 */
export function exportPlan(args: {
  runtime: ResourceRuntime;
  scope: Scope;
  query: ExportQuery;
  requester: TaskRequester;
  database: Database;
}) {
  const { runtime, scope, requester } = args;
  const parsed = parseQueryBody({ resource: runtime.resource, body: { ...args.query }, locale: requester.locale });
  const t = runtime.table;
  const filtered = filterConditions({
    resource: runtime.resource,
    t,
    filters: parsed.filters,
    zone: requester.timeZone,
    locale: requester.locale,
    now: scope.now,
  });
  if (filtered.issues.length > 0) throw badInput('error.fieldsInvalid', filtered.issues);
  const keyword = keywordCondition({ resource: runtime.resource, t, keyword: parsed.keyword });
  const where = and(
    ...scopeConditions({ runtime, scope, db: args.database.db, operation: 'query' }),
    ...filtered.conditions,
    ...(keyword ? [keyword] : []),
  ) as SQL;
  const keys = sortKeysOf({ runtime, sorters: parsed.sorters, locale: requester.locale, now: scope.now });
  return { where, keys };
}

/** The name of an export's file: the resource's title and the moment, in the requester's zone. */
export function exportFileName(args: { title: string; at: Date; zone: string }): string {
  return `${args.title}-${formatInstant(args.at, args.zone).replace(/[-: ]/g, '')}.xlsx`;
}

/**
 * Writes the rows of the list's query to an .xlsx workbook stored as the task's output:
 * localized headers, enum labels, referenced records by title, money with two decimals. Rows are
 * read in keyset batches in the list's order, so memory stays flat however many there are, and
 * progress is saved after every batch.
 */
export async function runExport(args: {
  database: Database;
  registry: EngineRegistry;
  task: FileTaskRow;
  requester: TaskRequester;
}): Promise<void> {
  const { database, registry, task, requester } = args;
  const db = database.db;
  const runtime = registry.get(task.resource);
  const { resource } = runtime;
  const scope = scopeOf(requester, runtime);
  const query = (task.params.query ?? {}) as ExportQuery;
  const { where, keys } = exportPlan({ runtime, scope, query, requester, database });
  const t = runtime.table;
  const [{ total }] = await db.select({ total: count() }).from(t).where(where);
  const ids = { db, tenantId: task.tenantId, id: task.id };
  await updateTask({ ...ids, patch: { total } });

  const fields = exportFields(resource);
  const states = resource.states;
  const title = pick(resource.title, requester.locale);
  const ref = { db, tenantId: task.tenantId, taskId: task.id, part: 'output' as const };
  await deleteFile(ref);
  const sheet = openSheet({
    stream: chunkWriter(ref),
    name: title,
    columns: fields.map((field) => {
      const header = headerOf(field, requester.locale);
      return { header, width: columnWidth(field.f, header), numFmt: numberFormat(field.f) };
    }),
  });
  const lookupScope = { tenantId: task.tenantId, marketingCenterId: requester.marketingCenter };

  let processed = 0;
  let last: StoredRecord | undefined;
  for (;;) {
    const condition = last ? and(where, afterCursor(keys, keyValues(keys, last))) : where;
    const rows = (await db
      .select()
      .from(t)
      .where(condition)
      .orderBy(...orderBy(keys))
      .limit(EXPORT_BATCH)) as StoredRecord[];
    if (rows.length === 0) break;
    const titles = await titlesFor({ db, registry, scope: lookupScope, owner: resource.name, fields, rows });
    for (const stored of rows) {
      // A state that follows time is written as the list shows it, at the export's instant.
      const row = states?.timeline ? { ...stored, [states.field]: recordShownState({ states, record: stored, now: scope.now }) } : stored;
      sheet.addRow(
        fields.map((field) =>
          exportCell({
            f: field.f,
            name: field.name,
            row,
            locale: requester.locale,
            zone: requester.timeZone,
            resource: resource.name,
            titles,
          }),
        ),
      );
    }
    processed += rows.length;
    await updateTask({ ...ids, patch: { processed, progress: percent(processed, Math.max(total, processed)) } });
    if (rows.length < EXPORT_BATCH) break;
    last = rows[rows.length - 1];
  }
  await sheet.close();
  await updateTask({
    ...ids,
    patch: { state: 'succeeded', progress: 100, processed, total: processed, outputName: task.fileName, finishedAt: new Date() },
  });
}
