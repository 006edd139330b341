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
import { assertAmountMayBeAudited } from '../stored-value-docs/adjust-approval';
import { centsOf } from '../../money/money';
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
 * checked on saveNew, on modify (for the operation the document will have) and on audit. Above
 * the tenant's approval rule (batch-operate-setting) the auditor may not be the maker; stored value
 * granted above the stored-value adjustments' threshold (its total over the members) neither.
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

/** The tenant's approval rule: the saved one, or its declared defaults before the first save. */
export async function approvalRule(args: {
  db: DbOrTx;
  tenantId: number;
}): Promise<{ dualControlPoints: number; dualControlMembers: number }> {
  const t = deriveTable(batchOperateSettingResource);
  const [row] = await args.db
    .select({ points: t.dualControlPoints, members: t.dualControlMembers })
    .from(t)
    .where(eq(t.tenantId, args.tenantId));
  const fields = batchOperateSettingResource.fields;
  return {
    dualControlPoints: Number(row?.points ?? fields.dualControlPoints.defaultValue),
    dualControlMembers: Number(row?.members ?? fields.dualControlMembers.defaultValue),
  };
}

/**
 * Maker-checker on audit. The document row is locked first and re-read, so what is checked is
 * what the audit's conditional update will move (a modify racing the audit waits for it, then
 * finds the document no longer editable). Above the tenant's rule — more points granted in total
 * than `dualControlPoints`, or more members than `dualControlMembers` — the auditor may not be
 * a maker: who created the document or last changed it (409 `batch.makerChecker`).
 */
export async function assertMayAudit(args: { db: DbOrTx; actor: Actor; documentId: number; locale: Locale }): Promise<void> {
  const { db, actor } = args;
  const t = deriveTable(batchOperateResource);
  const [doc] = await db
    .select({
      operation: t.operation,
      points: t.points,
      valuePrincipal: t.valuePrincipal,
      valueGift: t.valueGift,
      memberCount: t.memberCount,
      createdBy: t.createdBy,
      updatedBy: t.updatedBy,
    })
    .from(t)
    .where(and(eq(t.tenantId, actor.tenantId), eq(t.id, args.documentId)))
    .for('update');
  if (!doc) return;
  const operation = doc.operation as BatchOperation;
  assertMayOperate({ actor, operation, locale: args.locale });
  const makers = [doc.createdBy, doc.updatedBy].filter((id) => id !== null && id !== undefined).map(Number);
  if (operation === 'grantValue') {
    // Stored value follows the stored-value adjustments' threshold, on the total granted.
    const perMember = centsOf(doc.valuePrincipal as string | null) + centsOf(doc.valueGift as string | null);
    await assertAmountMayBeAudited({ db, actor, makers, amount: perMember * BigInt(Number(doc.memberCount ?? 0)) });
  }
  const rule = await approvalRule({ db, tenantId: actor.tenantId });
  const members = Number(doc.memberCount ?? 0);
  const points = operation === 'grantPoints' ? Number(doc.points ?? 0) * members : 0;
  const aboveRule = (operation === 'grantPoints' && points > rule.dualControlPoints) || members > rule.dualControlMembers;
  if (!aboveRule) return;
  if (actor.userId === null || !makers.includes(actor.userId)) return;
  throw new AppError('conflict', 'batch.makerChecker', {
    values: { points, members, maxPoints: rule.dualControlPoints, maxMembers: rule.dualControlMembers },
  });
}
