import { and, eq } from 'drizzle-orm';
import { holdsAny } from '../../../resources/access';
import { findEntry } from '../../../resources/catalog/index';
import type { PermissionRef } from '../../../resources/catalog/types';
import type { ResourceDef, StateAction } from '../../../resources/define';
import { pick, type Locale } from '../../../resources/messages/bilingual';
import { batchOperateSettingResource } from '../../../resources/member/batch-operate-setting.resource';
import { batchOperateResource, type BatchOperation } from '../../../resources/member/batch-operate.resource';
import { couponResource } from '../../../resources/coupons/coupon.resource';
import { levelResource } from '../../../resources/member/level.resource';
import { memberResource } from '../../../resources/member/member.resource';
import { scoreAdjustResource } from '../../../resources/score/score-adjust.resource';
import { storeValueAdjustResource } from '../../../resources/deposit/store-value-adjust.resource';
import { deriveTable } from '../../crud/table.derive';
import type { DbOrTx } from '../../db/connection';
import type { Actor } from '../../crud/actor';
import { AppError } from '../../http/envelope';

/**
 * Who may draft and audit which batch operation (DOMAIN.md "Batch operation documents"). A
 * document does to many members what a single change would do to one, so it needs the
 * permission of that change, besides the document's own (会员/批量操作单 · 配置维护):
 *
 * | operation | permission |
 * | --- | --- |
 * | grantPoints | the points adjustment document's write (积分/积分调整单 · 配置维护) |
 * | changeLevel | the levels' write (会员/会员等级 · 配置维护) |
 * | freeze, unfreeze | the member's freeze / unfreeze action (会员/标准会员 · its requirement) |
 * | addTag | the member's edit (会员/标准会员 · 配置维护) |
 * | grantValue | the stored-value adjustment document's write (储值/储值调整单 · 配置维护) |
 * | grantCoupon | the coupons' write (券/券查询 · 配置维护), the console grant of POST /v1/coupons/issue |
 *
 * checked on saveNew, on modify (for the operation the document will have) and on audit. A
 * document listing more members than the tenant's rule (batch-operate-setting) may not be audited
 * by its creator or last editor; the value a grant creates (points, stored value: per member ×
 * members) follows the engine's value approval rule (the declaration's `creates`).
 */

/** The catalogue resourceId of a declaration's entry. */
function resourceIdOf(resource: ResourceDef): string {
  const entry = findEntry(resource.route.group, resource.route.entry);
  if (!entry) throw new Error(`${resource.name}: no catalogue entry`);
  return entry.resourceId;
}

const writeOf = (resource: ResourceDef): PermissionRef => ({ resourceId: resourceIdOf(resource), action: resource.access.write });

function memberActionOf(action: 'freeze' | 'unfreeze'): PermissionRef {
  const declared: StateAction | undefined = memberResource.states?.actions[action];
  return { resourceId: resourceIdOf(memberResource), action: declared?.requires ?? memberResource.access.write };
}

/** The permission (any of) an operation needs, from the declarations of what it changes. */
export function operationRefs(operation: BatchOperation): readonly PermissionRef[] {
  switch (operation) {
    case 'grantPoints':
      return [writeOf(scoreAdjustResource)];
    case 'grantValue':
      return [writeOf(storeValueAdjustResource)];
    case 'grantCoupon':
      // Issuing coupons by hand in the console (the till issue route's console grant).
      return [writeOf(couponResource)];
    case 'changeLevel':
      return [writeOf(levelResource)];
    case 'freeze':
    case 'unfreeze':
      return [memberActionOf(operation)];
    case 'addTag':
      return [writeOf(memberResource)];
  }
}

/** The operation's label, in the request's language. */
function operationLabel(operation: BatchOperation, locale: Locale): string {
  const f = batchOperateResource.fields.operation;
  const option = f.kind === 'enum' ? f.options[operation] : undefined;
  return option ? pick(option.label, locale) : operation;
}

/**
 * Refuses (403, `batch.operationForbidden`, naming the operation and the permission it needs) a
 * caller who may not do what the document's operation does.
 */
export function assertMayOperate(args: { actor: Actor; operation: BatchOperation; locale: Locale }): void {
  const refs = operationRefs(args.operation);
  if (holdsAny(args.actor.grants, refs)) return;
  throw new AppError('forbidden', 'batch.operationForbidden', {
    values: {
      operation: operationLabel(args.operation, args.locale),
      permission: refs.map((r) => `${r.resourceId} · ${r.action}`).join(' / '),
    },
  });
}

/** The tenant's member-count rule: the saved one, or its declared default before the first save. */
export async function approvalRule(args: { db: DbOrTx; tenantId: number }): Promise<{ dualControlMembers: number }> {
  const t = deriveTable(batchOperateSettingResource);
  const [row] = await args.db.select({ members: t.dualControlMembers }).from(t).where(eq(t.tenantId, args.tenantId));
  return { dualControlMembers: Number(row?.members ?? batchOperateSettingResource.fields.dualControlMembers.defaultValue) };
}

/**
 * Maker-checker on the members a document lists, on audit. The document row is locked first
 * and re-read, so what is checked is what the audit's conditional update will move (a modify
 * racing the audit waits for it, then finds the document no longer editable). A document
 * listing more members than `dualControlMembers` may not be audited by its creator or last
 * editor (409 `batch.makerChecker`). The value of grants is the engine's rule (value-approval.ts).
 */
export async function assertMayAudit(args: { db: DbOrTx; actor: Actor; documentId: number; locale: Locale }): Promise<void> {
  const { db, actor } = args;
  const t = deriveTable(batchOperateResource);
  const [doc] = await db
    .select({ operation: t.operation, memberCount: t.memberCount, createdBy: t.createdBy, updatedBy: t.updatedBy })
    .from(t)
    .where(and(eq(t.tenantId, actor.tenantId), eq(t.id, args.documentId)))
    .for('update');
  if (!doc) return;
  assertMayOperate({ actor, operation: doc.operation as BatchOperation, locale: args.locale });
  const makers = [doc.createdBy, doc.updatedBy].filter((id) => id !== null && id !== undefined).map(Number);
  const rule = await approvalRule({ db, tenantId: actor.tenantId });
  const members = Number(doc.memberCount ?? 0);
  if (members <= rule.dualControlMembers) return;
  if (actor.userId === null || !makers.includes(actor.userId)) return;
  throw new AppError('conflict', 'batch.makerChecker', { values: { members, maxMembers: rule.dualControlMembers } });
}
