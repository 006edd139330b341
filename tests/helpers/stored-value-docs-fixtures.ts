import { sql } from 'drizzle-orm';
import { expect } from 'vitest';
import { createUser, signIn, type ApiClient, type TestTenant } from './fixtures';
import { startPointsScene } from './points-fixtures';
import type { TestApp } from './test-app';

/**
 * Fixtures of the stored-value document tests: the app with a tenant, its administrator and a
 * second user holding every permission (the checker of maker-checker), reasons, and a member's
 * stored value as the two places that must agree see it (the account's portions and the sums of
 * its entries), as exact decimal text.
 */

export interface ValueDocsScene {
  readonly t: TestApp;
  readonly tenant: TestTenant;
  readonly admin: ApiClient;
  /** Another user with every permission: audits what the administrator made. */
  readonly checker: ApiClient;
}

export async function startValueDocsScene(): Promise<ValueDocsScene> {
  const { t, tenant, admin } = await startPointsScene();
  await createUser(t.database, { tenantId: tenant.tenantId, login: 'checker', grants: 'all' });
  const checker = await signIn(t.app, { tenant: tenant.code, login: 'checker', password: tenant.adminPassword });
  return { t, tenant, admin, checker };
}

/** The `data` of an answer that must succeed (code 2000), typed loosely as tests read it. */
export async function ok(promise: Promise<{ status: number; body: { code: number; data: unknown } }>): Promise<any> {
  const res = await promise;
  expect(res.body.code, JSON.stringify(res.body)).toBe(2000);
  return res.body.data;
}

/** Saves a stored-value adjustment reason; returns its id. */
export async function saveValueReason(client: ApiClient, body: Record<string, unknown>): Promise<number> {
  const res = await client.post('/v1/store-value-adjust-reason/saveNew', { body });
  expect(res.body.code, JSON.stringify(res.body)).toBe(2000);
  return res.body.data.id as number;
}

/** A member's stored value: the account's portions, and the sums of its entries (all '0.00' without one). */
export async function valueOf(args: {
  t: TestApp;
  tenant: TestTenant;
  memberId: number;
}): Promise<{ principal: string; gift: string; entryPrincipal: string; entryGift: string }> {
  const { tenant, memberId } = args;
  const result = await args.t.database.db.execute<{ principal: string; gift: string; ep: string; eg: string }>(sql`select
      (select coalesce(max(principal), 0)::numeric(14,2) from value_accounts a
        where a.tenant_id = ${tenant.tenantId} and a.member_id = ${memberId}) as principal,
      (select coalesce(max(gift), 0)::numeric(14,2) from value_accounts a
        where a.tenant_id = ${tenant.tenantId} and a.member_id = ${memberId}) as gift,
      (select coalesce(sum(principal_delta), 0)::numeric(14,2) from value_entries e
        where e.tenant_id = ${tenant.tenantId} and e.member_id = ${memberId}) as ep,
      (select coalesce(sum(gift_delta), 0)::numeric(14,2) from value_entries e
        where e.tenant_id = ${tenant.tenantId} and e.member_id = ${memberId}) as eg`);
  const row = result.rows[0];
  return { principal: String(row.principal), gift: String(row.gift), entryPrincipal: String(row.ep), entryGift: String(row.eg) };
}

/** What {@link valueOf} answers for a member holding `principal` and `gift`. */
export const holding = (principal: string, gift: string) => ({ principal, gift, entryPrincipal: principal, entryGift: gift });

/** The entries a document posted (by its number as source id), oldest first. */
export async function entriesOfSource(args: { t: TestApp; tenant: TestTenant; sourceType: string; sourceId: string }) {
  const result = await args.t.database.db.execute<{
    member_id: number;
    principal_delta: string;
    gift_delta: string;
    kind: string;
    idempotency_key: string | null;
  }>(sql`select member_id, principal_delta, gift_delta, kind, idempotency_key from value_entries
    where tenant_id = ${args.tenant.tenantId} and source_type = ${args.sourceType} and source_id = ${args.sourceId} order by id`);
  return result.rows.map((r) => ({
    member: Number(r.member_id),
    principal: String(r.principal_delta),
    gift: String(r.gift_delta),
    kind: r.kind,
    key: r.idempotency_key,
  }));
}

/** How a refusal names a member: name and member number. */
export async function memberLabelOf(client: ApiClient, id: number): Promise<string> {
  const res = await client.get(`/v1/member/info/${id}`);
  return `${res.body.data.name} ${res.body.data.memberNumber}`;
}
