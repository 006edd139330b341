import { sql, type SQL } from 'drizzle-orm';
import type { DbOrTx } from '../../db/connection';
import { parseCondition, selectedMembers, type CompileContext } from './condition.compile';

/**
 * The background computations of tags and groups (README.md): a system tag's recomputation and a
 * group's exact count. Both read the stored rule, so a job run twice or late does the same thing.
 */

/**
 * Recomputes a system tag: adds a RULE link for every member the rule selects that holds none,
 * removes the RULE links of members it no longer selects, and keeps every other link (a person's,
 * a file's, the API's) whatever the rule says. Then stores the member count and the time.
 * Answers null when the tag is gone or not a system tag.
 */
export async function recomputeTag(args: {
  db: DbOrTx;
  tenantId: number;
  tagId: number;
  ctx: CompileContext;
}): Promise<{ memberCount: number } | null> {
  const { tenantId, tagId, ctx } = args;
  return args.db.transaction(async (tx) => {
    const found = await tx.execute(
      sql`select rule from member_tags where tenant_id = ${tenantId} and id = ${tagId} and tag_type = 'SYSTEM' for update`,
    );
    const row = found.rows[0] as { rule: string | null } | undefined;
    if (!row?.rule) return null;
    const matched = selectedMembers({ tenantId, node: parseCondition(row.rule), ctx });
    await applyRuleLinks({ tx, tenantId, tagId, matched, now: ctx.now });
    const counted = await tx.execute(sql`update member_tags set last_run_at = ${ctx.now.toISOString()}::timestamptz
      where tenant_id = ${tenantId} and id = ${tagId} returning member_count`);
    return { memberCount: Number((counted.rows[0] as { member_count: number }).member_count) };
  });
}

/**
 * A system tag's RULE links made to follow `matched` (a subquery of member ids the rule selects):
 * the rule's links of members it no longer selects go, a link is added for each selected member
 * holding none, every other link (a person's, a file's, the API's) stays; then the tag's count.
 * `among`, when given, restricts the work to those members (an id-array expression): the
 * re-evaluation of changed members (audience.changed.ts). Run inside the caller's transaction.
 */
export async function applyRuleLinks(args: { tx: DbOrTx; tenantId: number; tagId: number; matched: SQL; now: Date; among?: SQL }) {
  const { tx, tenantId, tagId, now } = args;
  const matched = args.among ? sql`${args.matched} and m.id = any(${args.among})` : args.matched;
  const within = args.among ? sql` and l.member = any(${args.among})` : sql``;
  await tx.execute(sql`delete from member_tag_links l where l.tenant_id = ${tenantId} and l.tag = ${tagId} and l.source = 'RULE'${within}
    and l.member not in (${matched})`);
  await tx.execute(sql`insert into member_tag_links (tenant_id, member, tag, source, tagged_at)
    select ${tenantId}, sel.id, ${tagId}, 'RULE', ${now.toISOString()}::timestamptz from (${matched}) sel
    on conflict (tenant_id, tag, member) do nothing`);
  await refreshTagCount({ db: tx, tenantId, tagId });
}

/** The member count of a manual tag, kept as links are added and removed. */
export async function refreshTagCount(args: { db: DbOrTx; tenantId: number; tagId: number }): Promise<void> {
  await args.db.execute(sql`update member_tags set member_count =
      (select count(*) from member_tag_links l where l.tenant_id = ${args.tenantId} and l.tag = ${args.tagId})
    where tenant_id = ${args.tenantId} and id = ${args.tagId}`);
}

/** How a group chooses its members: a rule, or (STATIC) the list imported into it. */
export interface StoredGroup {
  readonly id: number;
  readonly groupType: string | null;
  readonly rule: string | null;
}

/**
 * The members a group selects now, as a subquery of ids: a static group's imported list, else
 * its rule's selection.
 */
export function groupMembers(args: { tenantId: number; group: StoredGroup; ctx: CompileContext }): SQL {
  const { tenantId, group } = args;
  if (group.groupType === 'STATIC') {
    return sql`select g.member_id as id from customer_group_members g where g.tenant_id = ${tenantId} and g.group_id = ${group.id}`;
  }
  return selectedMembers({ tenantId, node: parseCondition(group.rule), ctx: args.ctx });
}

/** The stored group of the tenant, or null. */
async function storedGroup(db: DbOrTx, tenantId: number, groupId: number): Promise<StoredGroup | null> {
  const found = await db.execute<{ group_type: string | null; rule: string | null }>(
    sql`select group_type, rule from customer_groups where tenant_id = ${tenantId} and id = ${groupId}`,
  );
  const row = found.rows[0];
  return row ? { id: groupId, groupType: row.group_type, rule: row.rule } : null;
}

/** Counts a group's members exactly and stores the count with its time; null when the group is gone. */
export async function countGroup(args: {
  db: DbOrTx;
  tenantId: number;
  groupId: number;
  ctx: CompileContext;
}): Promise<{ memberCount: number } | null> {
  const { db, tenantId, groupId, ctx } = args;
  const group = await storedGroup(db, tenantId, groupId);
  if (!group) return null;
  const matched = groupMembers({ tenantId, group, ctx });
  const counted = await db.execute(sql`select count(*)::int as n from (${matched}) sel`);
  const memberCount = Number((counted.rows[0] as { n: number }).n);
  await db.execute(sql`update customer_groups set member_count = ${memberCount}, counted_at = ${ctx.now.toISOString()}::timestamptz
    where tenant_id = ${tenantId} and id = ${groupId}`);
  return { memberCount };
}

/**
 * PostgreSQL's planner estimate of the members a tree selects: answered at once whatever the
 * member count (EXPLAIN plans without running), for the builder while a person edits.
 */
export async function estimateMembers(args: { db: DbOrTx; tenantId: number; rule: unknown; ctx: CompileContext }): Promise<number> {
  const matched = selectedMembers({ tenantId: args.tenantId, node: parseCondition(args.rule), ctx: args.ctx });
  const plan = await args.db.execute(sql`explain (format json) ${matched}`);
  const json = (plan.rows[0] as { 'QUERY PLAN': [{ Plan: { 'Plan Rows': number } }] })['QUERY PLAN'];
  return Math.round(json[0].Plan['Plan Rows']);
}

/** One page of a group's members (newest first), for its detail. */
export async function groupMembersPage(args: {
  db: DbOrTx;
  tenantId: number;
  group: StoredGroup;
  page: number;
  pageSize: number;
  ctx: CompileContext;
}): Promise<{ id: number; memberNumber: string; name: string; mobile: string }[]> {
  const matched = groupMembers({ tenantId: args.tenantId, group: args.group, ctx: args.ctx });
  const rows = await args.db.execute(sql`select m.id, m.member_number, m.name, m.mobile from members m
    where m.tenant_id = ${args.tenantId} and m.id in (${matched})
    order by m.id desc limit ${args.pageSize} offset ${(args.page - 1) * args.pageSize}`);
  return (rows.rows as { id: string | number; member_number: string; name: string; mobile: string }[]).map((r) => ({
    id: Number(r.id),
    memberNumber: r.member_number,
    name: r.name,
    mobile: r.mobile,
  }));
}

/**
 * The members a customer group selects now, as a subquery of ids (`select m.id from members m
 * …`), in the tenant; null when the group is not the tenant's. What the group's export writes and
 * what a bulk coupon issue freezes as its recipients (activities/group-send).
 */
export async function groupSelection(args: { db: DbOrTx; tenantId: number; groupId: number; ctx: CompileContext }): Promise<SQL | null> {
  const group = await storedGroup(args.db, args.tenantId, args.groupId);
  return group && groupMembers({ tenantId: args.tenantId, group, ctx: args.ctx });
}
