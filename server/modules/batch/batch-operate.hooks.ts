import { and, eq } from 'drizzle-orm';
import { requiredAfterWrite, valueAfterWrite } from '../../crud/required-when';
import { defineServerHooks, type ServerHooks, type StoredRecord } from '../../crud/server-hooks.define';
import type { DerivedTable } from '../../crud/table.derive';
import type { DbOrTx } from '../../db/connection';
import { assertMayAudit, assertMayOperate } from './batch-access';
import { centsOf, centsToString } from '../../money/money';
import { AppError, badInput } from '../../http/envelope';
import { couponWorth } from '../coupons/coupon-worth';
import { readTemplate } from '../coupons/template-terms';
import { levelIncentivePoints } from '../levels/level-change';
import { expandFilter, freshLines } from './batch-members';
import { dispatchBatch } from './batch.job';
import { batchRoutes } from './batch.routes';
import { batchOperateResource, type BatchOperation } from '../../../resources/member/batch-operate.resource';
import type { RecordOf } from '../../../resources/record-of';

/** A batch operation document as the hooks read it, and what its beforeSave receives. */
type BatchDocument = RecordOf<typeof batchOperateResource>;
type SaveArgs = Parameters<NonNullable<ServerHooks<BatchDocument>['beforeSave']>>[0];

/**
 * Server side of batch operation documents (batch-operate.resource.ts):
 *
 * - The number (`BO` + 8 digits) is drawn by the engine on saveNew (the declaration's `numbering`).
 * - The parameters of the chosen operation and the fields of the chosen selection mode are
 *   declared conditional (`when`): the engine requires them and clears the others before this
 *   hook runs.
 * - The lines are the members: those of the body (picked by hand, or resolved from an imported
 *   file by `POST /v1/batch-operate/importMembers`), or, for a filter, the members the filter
 *   matches now, expanded on every save. Each save writes fresh lines (result pending) and the
 *   member count.
 * - Every save needs, besides the document's write grant, the permission of what the document's
 *   operation does (grant points: the points adjustment's; change level: the levels'; freeze /
 *   unfreeze: the member action's; add tag: the member edit), and so does the audit; above the
 *   tenant's approval rule the auditor may not be the maker (server/modules/batch/batch-access.ts).
 * - `audit` (INITIAL -> RUNNING, the engine's conditional update) stamps the audit time and,
 *   once committed (`afterCommit`), starts the background run (server/modules/batch/batch.job.ts).
 *   Of concurrent audits only one gets here, so a document runs once.
 * - `finish` / `fail` (RUNNING -> EFFECTED / FAILED) are server actions: the run moves the
 *   document through the engine's `runAction` (history entry without a user), and the hook
 *   stamps the finishing time.
 */

/** Stamps when a run ended, in the end state's transaction. */
async function stampFinished(args: { db: DbOrTx; tenantId: number; table: DerivedTable; record: BatchDocument }): Promise<void> {
  const { db, table, record } = args;
  const now = new Date();
  await db
    .update(table)
    .set({ finishedAt: now })
    .where(and(eq(table.tenantId, args.tenantId), eq(table.id, record.id)));
  record.finishedAt = now;
}

/** Stored value granted must be something: principal or gift above 0 (400 on the principal). */
function assertValueGranted(args: Pick<SaveArgs, 'values' | 'current'>): void {
  const amount = (name: 'valuePrincipal' | 'valueGift') => centsOf(valueAfterWrite({ ...args, name }) as string | null);
  if (amount('valuePrincipal') + amount('valueGift') > 0n) return;
  throw badInput('error.fieldsInvalid', [{ field: 'valuePrincipal', key: 'batch.valueNothing' }]);
}

/**
 * Coupons are granted from an effective template only (400 on the template, naming it): the
 * engine refuses choosing another (the field's `pickable`); this holds a template stopped since
 * it was chosen, on a later save and at the audit.
 */
async function assertTemplateEffective(args: { db: DbOrTx; tenantId: number; id: unknown }): Promise<void> {
  const { id } = args;
  if (id === null || id === undefined) return; // the engine's required rule names the field
  const template = await readTemplate(args.db, args.tenantId, Number(id));
  if (template?.state === 'EFFECTIVE') return;
  throw badInput('error.fieldsInvalid', [
    { field: 'couponTemplate', key: 'batch.couponTemplateNotEffective', values: { name: template?.name ?? String(id) } },
  ]);
}

/** What the value approval rule counts of a document, as the hooks store it (the declaration's `creates`). */
type ValueMeasure = Partial<Pick<BatchDocument, 'couponWorth' | 'couponPoints' | 'couponGivesPoints' | 'levelPoints'>>;

/**
 * What the document's operation gives each member, measured now for the value approval rule: a
 * coupon grant, the template's worth per coupon (coupon-worth.ts) × the coupons per member, as
 * money or as the points of a points coupon; a level change, the points of the target level's
 * enabled upgrade incentives. Null for the other operations, or before their parameters are set.
 */
async function measureValue(args: {
  db: DbOrTx;
  tenantId: number;
  operation: BatchOperation;
  valueOf: (name: 'couponTemplate' | 'couponCount' | 'targetLevel') => unknown;
}): Promise<ValueMeasure | null> {
  const { db, tenantId, valueOf } = args;
  const id = (name: 'couponTemplate' | 'targetLevel') =>
    valueOf(name) === null || valueOf(name) === undefined ? null : Number(valueOf(name));
  if (args.operation === 'changeLevel') {
    const levelId = id('targetLevel');
    return levelId === null ? null : { levelPoints: await levelIncentivePoints({ db, tenantId, levelId }) };
  }
  if (args.operation !== 'grantCoupon') return null;
  const templateId = id('couponTemplate');
  const template = templateId === null ? null : await readTemplate(db, tenantId, templateId);
  if (!template) return null;
  const worth = await couponWorth({ db, tenantId, template });
  const total = worth.units * BigInt(Number(valueOf('couponCount') ?? 1));
  const points = worth.kind === 'points';
  return { couponGivesPoints: points, couponWorth: points ? '0.00' : centsToString(total), couponPoints: points ? Number(total) : 0 };
}

/** A measure as compared: money as cents, counts as numbers. */
const measureText = (measure: ValueMeasure): string =>
  JSON.stringify(
    Object.entries(measure).map(([name, v]) => {
      if (v === null || v === undefined) return [name, null];
      return [name, name === 'couponWorth' ? String(centsOf(v as string)) : String(v)];
    }),
  );

/**
 * The audit applies what the document gives now, so what the approval rule checked (the measure
 * saved) must still be it: a level's incentives changed, a pick-up coupon's goods repriced, or a
 * document saved before the measure existed, answers 409 `batch.valueChanged`: saving it again
 * measures it anew (and makes whoever saves it a maker).
 */
async function assertMeasureCurrent(args: { db: DbOrTx; tenantId: number; record: BatchDocument }): Promise<void> {
  const { record } = args;
  const now = await measureValue({ db: args.db, tenantId: args.tenantId, operation: record.operation, valueOf: (name) => record[name] });
  if (now === null) return;
  const saved = Object.fromEntries(Object.keys(now).map((name) => [name, record[name as keyof ValueMeasure] ?? null])) as ValueMeasure;
  if (measureText(now) === measureText(saved)) return;
  throw new AppError('conflict', 'batch.valueChanged', { values: { number: record.number } });
}

/** The members the document will list, or null when the save leaves its lines as they are. */
async function membersOf(ctx: SaveArgs): Promise<number[] | null> {
  const { values, current } = ctx;
  const mode = valueAfterWrite({ values, current, name: 'selectionMode' });
  if (mode === 'filtered') {
    // The filter fields are handed on by name (batch-members.ts maps them onto the member list's filters).
    const written: StoredRecord = values;
    const stored: StoredRecord | null = current;
    return expandFilter({
      db: ctx.db,
      tenantId: ctx.actor.tenantId,
      valueOf: (name) => valueAfterWrite({ values: written, current: stored, name }),
      zone: ctx.actor.timeZone,
      locale: ctx.actor.locale,
    });
  }
  const given = ctx.lines.get('lines');
  return given ? given.map((line) => line.member) : null;
}

export const batchOperateHooks = defineServerHooks(batchOperateResource, {
  async beforeSave(ctx) {
    const { values, current } = ctx;
    // A saved document keeps its operation: rewriting one (an administrator's stored-value grant
    // into a freeze) would let whoever may do the new operation take over, and then delete, a
    // document whose operation they may not do (issue 24 §6). Every change needs the rights of
    // the stored operation.
    if (current) {
      assertMayOperate({ actor: ctx.actor, operation: current.operation as BatchOperation, locale: ctx.actor.locale });
      if (values.operation !== undefined && values.operation !== current.operation) {
        throw badInput('error.fieldsInvalid', [{ field: 'operation', key: 'batch.operationFixed' }]);
      }
    }
    const operation = requiredAfterWrite({ values, current, name: 'operation' });
    assertMayOperate({ actor: ctx.actor, operation, locale: ctx.actor.locale });
    if (operation === 'grantValue') assertValueGranted({ values, current });
    if (operation === 'grantCoupon') {
      await assertTemplateEffective({
        db: ctx.db,
        tenantId: ctx.actor.tenantId,
        id: valueAfterWrite({ values, current, name: 'couponTemplate' }),
      });
    }
    const measure = await measureValue({
      db: ctx.db,
      tenantId: ctx.actor.tenantId,
      operation,
      valueOf: (name) => valueAfterWrite({ values, current, name }),
    });
    if (measure) Object.assign(values, measure);
    const members = await membersOf(ctx);
    if (members === null) return;
    const lines = freshLines(members);
    ctx.lines.set('lines', lines);
    values.memberCount = lines.length;
  },

  // Deleting a document needs the rights of its operation too.
  beforeDelete: ({ actor, record }) => assertMayOperate({ actor, operation: record.operation, locale: actor.locale }),

  beforeAction: {
    async audit({ db, actor, record }) {
      await assertMayAudit({ db, actor, documentId: record.id, locale: actor.locale });
      if (record.operation === 'grantCoupon') await assertTemplateEffective({ db, tenantId: actor.tenantId, id: record.couponTemplate });
      await assertMeasureCurrent({ db, tenantId: actor.tenantId, record });
    },
  },

  afterAction: {
    async audit({ db, actor, table, record }) {
      const now = new Date();
      const documentId = record.id;
      await db
        .update(table)
        .set({ auditedAt: now, processedCount: 0, succeededCount: 0, failedCount: 0 })
        .where(and(eq(table.tenantId, actor.tenantId), eq(table.id, documentId)));
      record.auditedAt = now;
    },
    // The run's end states (server actions, moved by the job through the engine): when it ended.
    finish: ({ db, actor, table, record }) => stampFinished({ db, tenantId: actor.tenantId, table, record }),
    fail: ({ db, actor, table, record }) => stampFinished({ db, tenantId: actor.tenantId, table, record }),
  },

  // Once the audit has committed, the run starts (queued, or in this process without a queue).
  afterCommit: {
    audit: ({ app, actor, record }) => dispatchBatch({ app, data: { tenantId: actor.tenantId, documentId: record.id } }),
  },

  routes: batchRoutes,
});
