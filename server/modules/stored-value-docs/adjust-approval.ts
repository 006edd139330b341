import { and, eq } from 'drizzle-orm';
import { storeValueManageResource } from '../../../resources/deposit/store-value-manage.resource';
import type { Actor } from '../../crud/actor';
import type { DerivedTable } from '../../crud/table.derive';
import { deriveTable } from '../../crud/table.derive';
import type { DbOrTx } from '../../db/connection';
import { AppError } from '../../http/envelope';
import { centsOf, centsToString } from '../../money/money';

/**
 * Maker-checker of stored-value adjustments: above the tenant's approval threshold
 * (`adjustApprovalThreshold` of the store-value-manage settings; its declared default before
 * the first save; none set, no rule) on the document's unsigned amount moved, the auditor may not be a maker — who
 * created the document or last changed it (409 `storeValueAdjust.makerChecker`, naming the
 * amount and the threshold). At or below it, anyone with the write grant audits.
 *
 * The document row is locked and re-read first, so what is checked is what the audit's
 * conditional update moves: an edit racing the audit waits, then finds the document audited.
 */

/**
 * The tenant's threshold in cents: the saved one, else the field's declared default; null when
 * neither says (no threshold set: nothing is above it, the maker may audit).
 */
export async function adjustApprovalThreshold(args: { db: DbOrTx; tenantId: number }): Promise<bigint | null> {
  const t = deriveTable(storeValueManageResource);
  const [row] = await args.db.select({ threshold: t.adjustApprovalThreshold }).from(t).where(eq(t.tenantId, args.tenantId));
  const value: unknown = row ? row.threshold : storeValueManageResource.fields.adjustApprovalThreshold.defaultValue;
  return value === null || value === undefined ? null : centsOf(value as string | number);
}

/**
 * Refuses (409 `storeValueAdjust.makerChecker`) an auditor among `makers` when `amount` (cents,
 * unsigned) is above the tenant's threshold. Also the rule of a batch document granting stored
 * value (server/modules/batch/batch-access.ts).
 */
export async function assertAmountMayBeAudited(args: {
  db: DbOrTx;
  actor: Actor;
  makers: readonly number[];
  amount: bigint;
}): Promise<void> {
  const { actor } = args;
  const threshold = await adjustApprovalThreshold({ db: args.db, tenantId: actor.tenantId });
  if (threshold === null || args.amount <= threshold) return;
  if (actor.userId === null || !args.makers.includes(actor.userId)) return;
  throw new AppError('conflict', 'storeValueAdjust.makerChecker', {
    values: { amount: centsToString(args.amount), threshold: centsToString(threshold) },
  });
}

export async function assertMayAuditAdjustment(args: { db: DbOrTx; actor: Actor; table: DerivedTable; documentId: number }): Promise<void> {
  const { db, actor, table: t } = args;
  const [doc] = await db
    .select({ amount: t.absoluteTotal, createdBy: t.createdBy, updatedBy: t.updatedBy })
    .from(t)
    .where(and(eq(t.tenantId, actor.tenantId), eq(t.id, args.documentId)))
    .for('update');
  if (!doc) return;
  const makers = [doc.createdBy, doc.updatedBy].filter((id) => id !== null && id !== undefined).map(Number);
  await assertAmountMayBeAudited({ db, actor, makers, amount: centsOf(doc.amount as string | null) });
}
