import { sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/connection';
import { applyRuleLinks } from './audience.compute';
import { parseCondition, selectedMembers, type CompileContext } from './condition.compile';

/**
 * System tags kept up after the events that change them (README.md, "Freshness"): the triggers of
 * migration 0062 mark a member in `audience_changed_members` when a sale, a return, a points
 * balance, the member's own fields or a person's tag change; this re-evaluates every system tag
 * of the merchant for the marked members only, with the statements the full recomputation runs
 * (applyRuleLinks of recomputeTag), restricted to their ids. A rule still never removes a person's tag.
 *
 * One transaction per batch takes the marks (`for update skip locked`, so two runs share the work),
 * locks the merchant's system tags as the full recomputation does, updates the links and the
 * counts, and deletes the marks: a run killed halfway leaves the marks for the next.
 */

/** Members re-evaluated per transaction. */
const BATCH = 2_000;

/** Re-evaluates one batch of one merchant's marked members; answers how many it took. */
async function recomputeBatch(args: { db: DbOrTx; tenantId: number; ctx: CompileContext; batch: number }): Promise<number> {
  const { tenantId, ctx } = args;
  return args.db.transaction(async (tx) => {
    const taken = await tx.execute<{ member_id: string }>(sql`delete from audience_changed_members c
      where c.tenant_id = ${tenantId} and c.member_id in (
        select member_id from audience_changed_members where tenant_id = ${tenantId}
        order by member_id limit ${args.batch} for update skip locked)
      returning c.member_id`);
    if (taken.rows.length === 0) return 0;
    const ids = sql`string_to_array(${taken.rows.map((row) => row.member_id).join(',')}, ',')::bigint[]`;
    const tags = await tx.execute<{ id: string; rule: string }>(sql`select id, rule from member_tags
      where tenant_id = ${tenantId} and tag_type = 'SYSTEM' and rule is not null order by id for update`);
    for (const tag of tags.rows) {
      const matched = selectedMembers({ tenantId, node: parseCondition(tag.rule), ctx });
      await applyRuleLinks({ tx, tenantId, tagId: Number(tag.id), matched, now: ctx.now, among: ids });
    }
    return taken.rows.length;
  });
}

/**
 * Re-evaluates the system tags of every marked member, merchant by merchant, until no mark is
 * left; answers how many members were re-evaluated. `timeZone` reads `registeredAt` dates.
 */
export async function recomputeChangedMembers(args: { db: DbOrTx; ctx: CompileContext; batch?: number }): Promise<{ members: number }> {
  const tenants = await args.db.execute<{ tenant_id: string }>(sql`select distinct tenant_id from audience_changed_members`);
  let members = 0;
  for (const row of tenants.rows) {
    for (;;) {
      const done = await recomputeBatch({ db: args.db, tenantId: Number(row.tenant_id), ctx: args.ctx, batch: args.batch ?? BATCH });
      members += done;
      if (done === 0) break;
    }
  }
  return { members };
}
