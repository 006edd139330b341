import { and, eq } from 'drizzle-orm';
import { memberResource } from '../../../resources/member/member.resource';
import { deriveTable } from '../../crud/table.derive';
import type { DbOrTx } from '../../db/connection';

/** The members of a document's lines, each once, in id order (the order their accounts are locked in). */
export const membersInLockOrder = (lines: readonly { readonly member: number }[]): number[] =>
  [...new Set(lines.map((line) => line.member))].sort((a, b) => a - b);

/** How a refusal names a member: `name member-number`, or the id when the member is gone. */
export async function memberLabel(args: { db: DbOrTx; tenantId: number; memberId: number }): Promise<string> {
  const m = deriveTable(memberResource);
  const [row] = await args.db
    .select({ name: m.name, number: m.memberNumber })
    .from(m)
    .where(and(eq(m.tenantId, args.tenantId), eq(m.id, args.memberId)));
  return row ? `${String(row.name)} ${String(row.number)}` : String(args.memberId);
}
