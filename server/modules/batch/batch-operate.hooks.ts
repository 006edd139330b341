import { and, eq } from 'drizzle-orm';
import { rangeKeys } from '../../crud/column.derive';
import { requireFields, valueAfterWrite } from '../../crud/required-when';
import { defineServerHooks, type HookContext, type StoredRecord } from '../../crud/server-hooks.define';
import { expandFilter, freshLines } from './batch-members';
import { dispatchBatch } from './batch.job';
import { batchRoutes } from './batch.routes';
import { drawDocumentNumber } from './document-number';
import {
  batchOperateResource, FILTER_FIELDS, OPERATION_PARAMETERS, PARAMETER_FIELDS, SOURCE_FILE_FIELD,
  type BatchOperation, type SelectionMode,
} from '../../../resources/member/batch-operate.resource';

/**
 * Server side of batch operation documents (batch-operate.resource.ts):
 *
 * - saveNew draws the number (`BO` + 8 digits) from the tenant's `batch-operate` counter.
 * - Every save requires the parameters of the chosen operation and clears the others, and keeps
 *   only the fields of the chosen selection mode. The lines are the members: those of the body
 *   (picked by hand, or resolved from an imported file by `POST /v1/batch-operate/importMembers`),
 *   or, for a filter, the members the filter matches now, expanded on every save. Each save
 *   writes fresh lines (result pending) and the member count.
 * - `audit` (INITIAL -> RUNNING, the engine's conditional update) stamps the audit time and
 *   starts the background run (server/modules/batch/batch.job.ts) from inside the audit's
 *   transaction; the run waits for that transaction to commit. Of concurrent audits only one
 *   gets here, so a document runs once.
 */

/** Name of the counter row that numbers batch operation documents. */
export const BATCH_NUMBER_COUNTER = 'batch-operate';
/** Letters of a batch operation number. */
export const BATCH_NUMBER_PREFIX = 'BO';

/** Fields kept only in one selection mode, with the mode (a date range is stored as two columns). */
const MODE_FIELDS: readonly { readonly mode: SelectionMode; readonly keys: readonly string[] }[] = [
  {
    mode: 'filtered',
    keys: Object.keys(FILTER_FIELDS).flatMap((name) => {
      const kind = batchOperateResource.fields[name as keyof typeof FILTER_FIELDS].kind;
      return kind === 'dateRange' ? Object.values(rangeKeys(name)) : [name];
    }),
  },
  { mode: 'imported', keys: [SOURCE_FILE_FIELD] },
];

/** Requires the chosen operation's parameters and clears the others'. */
function settleParameters(ctx: HookContext & { values: StoredRecord; current: StoredRecord | null }): void {
  const { values, current } = ctx;
  const operation = valueAfterWrite({ values, current, name: 'operation' }) as BatchOperation;
  const needed = OPERATION_PARAMETERS[operation];
  requireFields({ resource: batchOperateResource, values, current, names: needed, locale: ctx.request.ctx.locale });
  for (const name of PARAMETER_FIELDS) if (!needed.includes(name)) values[name] = null;
}

/** The members the document will list, or null when the save leaves its lines as they are. */
async function membersOf(ctx: HookContext & {
  operation: 'create' | 'modify'; values: StoredRecord; current: StoredRecord | null; lines: Map<string, StoredRecord[]>;
}): Promise<number[] | null> {
  const { values, current } = ctx;
  const valueOf = (name: string) => valueAfterWrite({ values, current, name });
  const mode = valueOf('selectionMode') as SelectionMode;
  for (const { mode: owner, keys } of MODE_FIELDS) if (owner !== mode) for (const key of keys) values[key] = null;
  if (mode === 'filtered') {
    return expandFilter({ db: ctx.db, tenantId: ctx.auth.tenantId, valueOf, zone: ctx.request.ctx.timeZone, locale: ctx.request.ctx.locale });
  }
  const given = ctx.lines.get('lines');
  return given ? given.map((line) => Number(line.member)) : null;
}

export const batchOperateHooks = defineServerHooks('batch-operate', {
  async beforeSave(ctx) {
    const { values, operation, db, auth } = ctx;
    if (operation === 'create') {
      values.number = await drawDocumentNumber({ db, tenantId: auth.tenantId, counter: BATCH_NUMBER_COUNTER, prefix: BATCH_NUMBER_PREFIX });
    }
    settleParameters(ctx);
    const members = await membersOf(ctx);
    if (members === null) return;
    const lines = freshLines(members);
    ctx.lines.set('lines', lines);
    values.memberCount = lines.length;
  },

  afterAction: {
    async audit({ db, auth, table, record, request }) {
      const now = new Date();
      const documentId = Number(record.id);
      await db.update(table)
        .set({ auditedAt: now, processedCount: 0, succeededCount: 0, failedCount: 0 })
        .where(and(eq(table.tenantId, auth.tenantId), eq(table.id, documentId)));
      record.auditedAt = now;
      await dispatchBatch({ app: request.server, data: { tenantId: auth.tenantId, documentId } });
    },
  },

  routes: batchRoutes,
});
