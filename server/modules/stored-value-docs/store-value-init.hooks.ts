import { and, eq } from 'drizzle-orm';
import { defineServerHooks, type HookContext } from '../../crud/server-hooks.define';
import { AppError, badInput } from '../../http/envelope';
import { memberLabel } from '../document-audit/member-lines';
import { refusalText } from '../document-audit/post-lines';
import { postValue } from '../ledger';
import { centsOf, sumMoney } from '../../money/money';
import type { RecordOf } from '../../../resources/record-of';
import { storeValueInitResource } from '../../../resources/deposit/store-value-init.resource';

type ValueInit = RecordOf<typeof storeValueInitResource>;

/**
 * Server side of opening balances (store-value-init.resource.ts):
 *
 * - Every save refuses a balance of nothing (principal and gift both zero) and keeps `balance`
 *   = principal + gift. One record per member is the declaration's (`member` is unique), so a
 *   second one is refused naming the member, by hand and in an import's row report.
 * - `audit` (INITIAL -> EFFECTED, the engine's conditional update: concurrent audits apply once)
 *   posts the record to the value ledger in the same transaction: kind `init`, source `init`,
 *   key `value-init:<memberId>`. The key makes "once per member" hold whatever happened to
 *   earlier records: a posting the ledger answers as a replay refuses the audit (409 naming the
 *   member), as does anything else the ledger refuses.
 */

/** The ledger's source type of opening balances. */
export const VALUE_INIT_SOURCE = 'init';
/** The idempotency key of a member's opening balance: one per member, ever. */
export const valueInitKey = (memberId: number) => `value-init:${memberId}`;

async function postOpeningBalance(ctx: HookContext & { record: ValueInit }): Promise<void> {
  const { db, actor, table: t, record } = ctx;
  const tenantId = actor.tenantId;
  const now = new Date();
  const refuse = async (reason: string) =>
    new AppError('conflict', 'storeValueInit.refused', {
      values: { member: await memberLabel({ db, tenantId, memberId: record.member }), reason },
    });
  let replayed: boolean;
  try {
    const entry = await postValue({
      tx: db,
      tenantId,
      holder: { kind: 'member', memberId: record.member },
      principal: record.principal,
      gift: record.gift,
      kind: 'init',
      sourceType: VALUE_INIT_SOURCE,
      sourceId: record.number,
      storeId: record.store,
      operatorId: actor.userId,
      remark: record.remark === '' ? null : record.remark,
      idempotencyKey: valueInitKey(record.member),
      field: 'principal',
      // A member frozen in the old system still brings their balance along.
      requireMemberInUse: false,
      now,
    });
    replayed = entry.replayed;
  } catch (error) {
    if (!(error instanceof AppError)) throw error;
    throw await refuse(refusalText(actor.locale, error));
  }
  if (replayed) throw await refuse(refusalText(actor.locale, new AppError('conflict', 'storeValueInit.alreadyInitialised')));
  await db
    .update(t)
    .set({ auditedAt: now })
    .where(and(eq(t.tenantId, tenantId), eq(t.id, record.id)));
  record.auditedAt = now;
}

export const storeValueInitHooks = defineServerHooks(storeValueInitResource, {
  beforeSave({ values, current }) {
    const principal = values.principal ?? current?.principal ?? '0';
    const gift = values.gift ?? current?.gift ?? '0';
    if (centsOf(principal) === 0n && centsOf(gift) === 0n)
      throw badInput('error.fieldsInvalid', [{ field: 'principal', key: 'storeValueInit.amountZero' }]);
    values.balance = sumMoney([principal, gift]);
  },

  afterAction: {
    audit: (ctx) => postOpeningBalance(ctx),
  },
});
