import type { Db } from '../../db/connection';
import { idempotent, type IdempotentResult } from '../idempotency/idempotency.service';
import { assertMemberCanTransact } from './member-guard';
import { postPoints } from './points.ledger';
import type { ValueChannel } from '../ledger/ledger.types';

/** A spend of points from a till or another system (exchange, points as cash). */
export interface SpendInput {
  /** The caller's request number: the same number twice spends once. */
  readonly requestNo: string;
  readonly memberId: number;
  readonly points: number;
  readonly storeId?: number | null;
  /** §4 channel the spend came through (store, weixin, alipay, third, weixinApp). */
  readonly channel?: ValueChannel | null;
  readonly remark?: string;
}

export interface SpendAnswer {
  readonly requestNo: string;
  readonly memberId: number;
  readonly points: number;
  readonly balance: number;
  readonly entryId: number;
}

/**
 * Spends points once per request number under the idempotency rule: a replay of the same spend
 * answers the first answer, another spend under a used request number is refused with 409. A
 * spend beyond the balance is refused with 409 `points.insufficient` and changes nothing (the
 * number stays free).
 */
export async function spendPoints(input: {
  db: Db;
  tenantId: number;
  operatorId: number;
  spend: SpendInput;
}): Promise<IdempotentResult<SpendAnswer>> {
  const { db, tenantId, spend } = input;
  return idempotent({
    db,
    tenantId,
    operation: 'points.spend',
    key: spend.requestNo,
    keyField: 'requestNo',
    request: {
      memberId: spend.memberId,
      points: spend.points,
      storeId: spend.storeId ?? null,
      channel: spend.channel ?? null,
      remark: spend.remark ?? null,
    },
    run: async (tx) => {
      await assertMemberCanTransact({ tx, tenantId, memberId: spend.memberId });
      const entry = await postPoints({
        tx,
        tenantId,
        memberId: spend.memberId,
        delta: -spend.points,
        kind: 'spend',
        sourceType: 'exchange',
        sourceId: spend.requestNo,
        storeId: spend.storeId ?? null,
        channel: spend.channel ?? null,
        operatorId: input.operatorId,
        remark: spend.remark ?? null,
        idempotencyKey: `spend:${spend.requestNo}`,
      });
      const answer: SpendAnswer = {
        requestNo: spend.requestNo,
        memberId: spend.memberId,
        points: -entry.delta,
        balance: entry.balanceAfter,
        entryId: entry.id,
      };
      return answer;
    },
  });
}
