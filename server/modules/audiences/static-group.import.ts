import { sql } from 'drizzle-orm';
import type { Db } from '../../db/connection';
import type { DerivedTable } from '../../crud/table.derive';
import { customerGroupResource } from '../../../resources/promotion/customer-group.resource';
import { badInput } from '../../http/envelope';

/**
 * A static customer group imported from a list of member numbers or mobiles (issue 29 item 2,
 * the user-group-import screen): one line per member, blank lines ignored. Each line is a member
 * number, else a member's mobile (unique in a tenant); a line that names no member, a member
 * named by an earlier line or a line longer than 32 characters is reported with its line number
 * and not added. The group, its members and its
 * count are written in one transaction, so a list is imported whole or not at all.
 */

/** Lines one import takes (a group larger than this is built from conditions). */
export const MAX_IMPORT_LINES = 100_000;
/** The longest member number or mobile a line may hold. */
const MAX_LINE_LENGTH = 32;
/** The longest group name, as the declaration says. */
const MAX_NAME_LENGTH = customerGroupResource.fields.name.maxLength ?? 40;
/** Lines of the report answered (the counts cover all). */
const REPORTED_PROBLEMS = 1000;

/** Why a line added no member. */
export type ImportProblem = 'notFound' | 'duplicate' | 'tooLong';

export interface StaticGroupImport {
  readonly id: number;
  /** Non-blank lines read. */
  readonly lines: number;
  readonly added: number;
  readonly problemCount: number;
  /** The first lines that added no member, in line order. */
  readonly problems: readonly { readonly lineNo: number; readonly value: string; readonly reason: ImportProblem }[];
}

interface MemberFound {
  readonly id: number;
  readonly memberNumber: string;
  readonly mobile: string | null;
}

/** The tenant's members whose number or mobile is one of the values, in slices. */
async function membersNamed(db: Db, tenantId: number, values: readonly string[]): Promise<MemberFound[]> {
  const found: MemberFound[] = [];
  for (let i = 0; i < values.length; i += 5000) {
    const slice = values.slice(i, i + 5000);
    const { rows } = await db.execute<{ id: string | number; member_number: string; mobile: string | null }>(
      sql`select id, member_number, mobile from members where tenant_id = ${tenantId}
          and (member_number = any(${sql.param(slice)}::text[]) or mobile = any(${sql.param(slice)}::text[]))`,
    );
    for (const row of rows) found.push({ id: Number(row.id), memberNumber: row.member_number, mobile: row.mobile });
  }
  return found;
}

export async function importStaticGroup(args: {
  db: Db;
  table: DerivedTable;
  tenantId: number;
  userId: number | null;
  name: string;
  description: string | null;
  lines: readonly string[];
}): Promise<StaticGroupImport> {
  const { db, tenantId } = args;
  const name = args.name.trim();
  if (name === '' || name.length > MAX_NAME_LENGTH) throw badInput('error.badInput', [{ field: 'name', key: 'audience.import.name' }]);
  const read = args.lines.map((text, i) => ({ lineNo: i + 1, value: text.trim() })).filter((line) => line.value !== '');
  if (read.length === 0) throw badInput('error.badInput', [{ field: 'lines', key: 'audience.import.empty' }]);
  if (read.length > MAX_IMPORT_LINES)
    throw badInput('error.badInput', [{ field: 'lines', key: 'audience.import.tooMany', values: { max: MAX_IMPORT_LINES } }]);

  const members = await membersNamed(db, tenantId, [...new Set(read.map((line) => line.value))]);
  const byNumber = new Map(members.map((m) => [m.memberNumber, m.id]));
  const byMobile = new Map(members.flatMap((m) => (m.mobile ? [[m.mobile, m.id] as const] : [])));

  const added: { lineNo: number; memberId: number }[] = [];
  const problems: { lineNo: number; value: string; reason: ImportProblem }[] = [];
  const taken = new Set<number>();
  for (const { lineNo, value } of read) {
    const memberId = byNumber.get(value) ?? byMobile.get(value);
    const reason: ImportProblem | null =
      value.length > MAX_LINE_LENGTH ? 'tooLong' : memberId === undefined ? 'notFound' : taken.has(memberId) ? 'duplicate' : null;
    if (reason !== null || memberId === undefined) {
      problems.push({ lineNo, value: value.slice(0, MAX_LINE_LENGTH), reason: reason ?? 'notFound' });
      continue;
    }
    taken.add(memberId);
    added.push({ lineNo, memberId });
  }

  const t = args.table;
  const id = await db.transaction(async (tx) => {
    const now = new Date();
    const [group] = await tx
      .insert(t)
      .values({
        tenantId,
        name,
        description: args.description?.trim() || null,
        groupType: 'STATIC',
        rule: null,
        memberCount: added.length,
        countedAt: now,
        createdBy: args.userId,
        updatedBy: args.userId,
      })
      .returning({ id: t.id });
    const groupId = Number(group.id);
    for (let i = 0; i < added.length; i += 10_000) {
      const slice = added.slice(i, i + 10_000);
      await tx.execute(sql`insert into customer_group_members (tenant_id, group_id, member_id, line_no)
        select ${tenantId}, ${groupId}, m, l from unnest(${sql.param(slice.map((a) => a.memberId))}::bigint[], ${sql.param(slice.map((a) => a.lineNo))}::int[]) as x(m, l)`);
    }
    return groupId;
  });
  return { id, lines: read.length, added: added.length, problemCount: problems.length, problems: problems.slice(0, REPORTED_PROBLEMS) };
}
