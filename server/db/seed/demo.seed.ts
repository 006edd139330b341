import { eq, sql } from 'drizzle-orm';
import type { Database, DbOrTx } from '../connection';
import { tenants } from '../schema/index';
import { groupPermissionRefs, viewPermissionRefs } from '../../modules/authorization/permission.catalog';
import { createAccount, createRole, createTenant } from '../../modules/users/tenant.provisioning';
import { buildRegistry, servedResources } from '../../crud/resource-registry';
import { SERVER_HOOKS } from '../../modules/resource-hooks';
import { DEMO_SEEDERS, type DemoSeeder } from './seeders';

/** A demo account as the start-up banner prints it. */
export interface DemoAccount {
  login: string;
  password: string;
  description: string;
}

/** The demo merchant's code and its accounts. */
export interface DemoSeedResult {
  tenantCode: string;
  accounts: DemoAccount[];
}

const DEMO_CODE = 'demo';
const LICENSE_DAYS = 365;

// Published in the README and printed at start-up on purpose: this merchant exists to be tried.
// The passwords satisfy the strict policy, so the demo shows the same rules production has.
const ACCOUNTS: readonly (DemoAccount & { name: string })[] = [
  { login: 'admin', password: 'Admin@2026', name: '管理员', description: '系统管理员 – every permission' },
  { login: 'clerk', password: 'Clerk@2026', name: '店员小王', description: '门店店员 – members and coupons' },
  { login: 'auditor', password: 'Audit@2026', name: '审计员', description: '只读审计员 – view only' },
];

function result(): DemoSeedResult {
  return { tenantCode: DEMO_CODE, accounts: ACCOUNTS.map(({ login, password, description }) => ({ login, password, description })) };
}

/**
 * Runs seeders in the given order for one tenant inside `tx`, with the engine's registry built
 * once from every resource's hooks (the demo merchant; a benchmark's tenant with a few of them).
 */
export async function runSeeders(args: { tx: DbOrTx; tenantId: number; seeders: readonly DemoSeeder[] }): Promise<void> {
  const registry = buildRegistry(servedResources(SERVER_HOOKS));
  for (const seeder of args.seeders) await seeder.seed({ tx: args.tx, tenantId: args.tenantId, registry });
}

/**
 * Creates the demo merchant (a petrol-station and convenience-store chain) on first start: a
 * one-year licence, three roles (administrator, store clerk, read-only auditor), one account
 * per role, then every domain's demo data, all in one transaction so a failed seed leaves
 * nothing half made. Later starts find the merchant and change nothing.
 */
export async function seedDemoIfEmpty(database: Database): Promise<DemoSeedResult> {
  await database.db.transaction(async (tx) => {
    // Several processes may start together on one database; only the first one seeds.
    await tx.execute(sql`select pg_advisory_xact_lock(724002)`);
    const existing = await tx.select({ id: tenants.id }).from(tenants).where(eq(tenants.code, DEMO_CODE));
    if (existing.length > 0) return;
    const [admin, clerk, auditor] = ACCOUNTS;
    const { tenantId } = await createTenant({
      tx,
      code: DEMO_CODE,
      name: '演示商户',
      settings: {
        licenseExpiresAt: new Date(Date.now() + LICENSE_DAYS * 24 * 3600 * 1000),
        sysConfig: { enableGainPointsByQty: true, showMemberExtendDetail: true },
      },
      admin: { login: admin.login, name: admin.name, password: admin.password },
      adminRole: { name: '系统管理员', remark: '拥有全部权限' },
    });
    const clerkRole = await createRole({
      tx,
      tenantId,
      name: '门店店员',
      remark: '会员与券的查看和维护',
      grants: groupPermissionRefs(['member', 'coupons']),
    });
    const auditorRole = await createRole({
      tx,
      tenantId,
      name: '只读审计员',
      remark: '全部查看权限，不能修改',
      grants: viewPermissionRefs(),
    });
    await createAccount({ tx, tenantId, login: clerk.login, name: clerk.name, password: clerk.password, roleIds: [clerkRole] });
    await createAccount({ tx, tenantId, login: auditor.login, name: auditor.name, password: auditor.password, roleIds: [auditorRole] });
    await runSeeders({ tx, tenantId, seeders: DEMO_SEEDERS });
  });
  return result();
}
