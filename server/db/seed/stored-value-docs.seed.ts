import { and, asc, eq } from 'drizzle-orm';
import { memberResource } from '../../../resources/member/member.resource';
import { storeValueAdjustReasonResource } from '../../../resources/deposit/store-value-adjust-reason.resource';
import { storeValueAdjustResource } from '../../../resources/deposit/store-value-adjust.resource';
import { storeValueInitResource } from '../../../resources/deposit/store-value-init.resource';
import type { ResourceDef } from '../../../resources/define';
import { systemActor, type Actor } from '../../crud/actor';
import { createRecord, runAction } from '../../crud/crud.operations';
import type { EngineRegistry } from '../../crud/resource-registry';
import { deriveTable } from '../../crud/table.derive';
import type { DbOrTx } from '../connection';
import { users } from '../schema/core.schema';
import type { DemoSeeder, DemoSeedInput } from './seeders';

/**
 * Demo data of the stored-value documents (after members), made through the engine exactly as
 * the screens make them (saveNew, then the audit action with its hooks posting to the ledger):
 *
 * - stored-value adjustment reasons;
 * - opening balances: three members migrated from an old system, audited, and one to audit;
 * - an audited adjustment (a complaint compensation and a correction) and a draft one.
 *
 * The administrator makes them; the amounts stay small, below any approval threshold a merchant
 * would set, so the maker may audit them. Deterministic: every demo database holds the same.
 */

const REASONS = [
  { code: 'COMPLAINT', name: '客诉补偿', direction: 'increase', remark: '服务投诉后的储值补偿' },
  { code: 'CORRECTION', name: '储值纠错', direction: 'both', remark: '系统或人工差错的更正' },
  { code: 'REVERSAL', name: '误充冲正', direction: 'decrease', remark: '误充值的扣回' },
] as const;

/** The engine's operations on one resource, as the demo administrator (other seeders use them too). */
export function operations(args: { tx: DbOrTx; registry: EngineRegistry; actor: Actor }) {
  const on = (resource: ResourceDef) => ({
    db: args.tx,
    registry: args.registry,
    runtime: args.registry.get(resource.name),
    actor: args.actor,
  });
  return {
    save: async (resource: ResourceDef, body: Record<string, unknown>) => Number((await createRecord({ ...on(resource), body })).id),
    audit: (resource: ResourceDef, id: number) => runAction({ ...on(resource), id, action: 'audit' }),
    act: (resource: ResourceDef, id: number, action: string, body?: Record<string, unknown>) =>
      runAction({ ...on(resource), id, action, body }),
  };
}

async function seedStoredValueDocs(input: DemoSeedInput): Promise<void> {
  const { tx, tenantId, registry } = input;
  const m = deriveTable(memberResource);
  const members = (
    await tx
      .select({ id: m.id })
      .from(m)
      .where(and(eq(m.tenantId, tenantId), eq(m.state, 'using')))
      .orderBy(asc(m.id))
      .limit(6)
  ).map((r) => Number(r.id));
  const [admin] = await tx
    .select({ id: users.id })
    .from(users)
    .where(and(eq(users.tenantId, tenantId), eq(users.login, 'admin')));
  if (members.length < 6 || !admin) return;
  // Every permission is the administrator's; the hooks read only the tenant, user and locale.
  const actor: Actor = { ...systemActor({ tenantId }), userId: Number(admin.id) };
  const { save, audit } = operations({ tx, registry, actor });

  const reasons = new Map<string, number>();
  for (const reason of REASONS) reasons.set(reason.code, await save(storeValueAdjustReasonResource, { ...reason, enabled: true }));
  const reason = (code: string) => reasons.get(code) as number;

  const openings = [
    { member: members[0], principal: '500.00', gift: '50.00', remark: '旧系统迁移' },
    { member: members[1], principal: '1200.00', gift: '0.00', remark: '旧系统迁移' },
    { member: members[2], principal: '88.80', gift: '11.20', remark: '旧系统迁移' },
  ];
  for (const body of openings) await audit(storeValueInitResource, await save(storeValueInitResource, body));
  await save(storeValueInitResource, { member: members[3], principal: '300.00', gift: '30.00', remark: '待审核的期初余额' });

  const audited = await save(storeValueAdjustResource, {
    remark: '客诉补偿与差错更正',
    lines: [
      { member: members[0], principal: '0.00', gift: '20.00', reason: reason('COMPLAINT'), remark: '加油排队过久' },
      { member: members[1], principal: '-100.00', gift: '0.00', reason: reason('REVERSAL'), remark: '重复充值扣回' },
    ],
  });
  await audit(storeValueAdjustResource, audited);
  await save(storeValueAdjustResource, {
    remark: '待审核的调整单',
    lines: [{ member: members[4], principal: '50.00', gift: '5.00', reason: reason('CORRECTION'), remark: null }],
  });
}

export const storedValueDocsSeeder: DemoSeeder = { name: 'stored-value-docs', after: ['members'], seed: seedStoredValueDocs };
