import { defineServerHooks, type HookContext, type SavedLine } from '../../crud/server-hooks.define';
import { badInput, type FieldError } from '../../http/envelope';
import { memberLabel } from '../document-audit/member-lines';
import { postLinesOnAudit } from '../document-audit/post-lines';
import { reasonKeys, reasonRefusal, reasonsById } from '../document-audit/reason-checks';
import { postValue } from '../ledger';
import { centsOf, sumAbsolute, sumMoney } from '../../money/money';
import type { RecordOf } from '../../../resources/record-of';
import { storeValueAdjustReasonResource } from '../../../resources/deposit/store-value-adjust-reason.resource';
import { storeValueAdjustResource } from '../../../resources/deposit/store-value-adjust.resource';

/** A stored-value adjustment as the hooks read it, and one of its lines as a save carries it. */
type ValueAdjust = RecordOf<typeof storeValueAdjustResource>;
type AdjustLine = SavedLine<ValueAdjust, 'lines'>;

/**
 * Server side of stored-value adjustment documents (store-value-adjust.resource.ts):
 *
 * - Every save checks what the declaration cannot: a line moves principal or gift (not both
 *   zero); its reason is enabled and allows the line's direction (an increase-only reason takes
 *   nothing away from either portion). The totals (net principal, net gift, the unsigned amount
 *   moved, the line count) follow the lines.
 * - `audit` follows the engine's value approval rule (the declaration's `creates`,
 *   server/crud/value-approval.ts); after the engine's conditional state update and in its transaction, posts each line once to the value ledger
 *   (kind `adjust`, source `adjustment`, key `value-adjust:<id>:<lineNo>`). Lines are posted in
 *   member order (each member's lines in line order), so accounts are locked in one order and
 *   two audits never deadlock. A refused line (a portion would go below zero, a member not in
 *   use, a frozen account taking a decrease: the ledger's rules) rolls everything back with 409 naming the line.
 */

/** The ledger's source type of adjustment postings. */
export const VALUE_ADJUSTMENT_SOURCE = 'adjustment';
/** The idempotency key of one line's posting. */
export const valueAdjustmentKey = (documentId: number, lineNo: number) => `value-adjust:${documentId}:${lineNo}`;

const REASON_KEYS = reasonKeys('storeValueAdjust');

/** Field errors of the lines: nothing moved, a disabled reason, a reason used the wrong way. */
async function checkLines(ctx: HookContext, lines: readonly AdjustLine[]): Promise<FieldError[]> {
  const reasons = await reasonsById({ ctx, reasons: storeValueAdjustReasonResource, ids: lines.map((line) => line.reason) });
  const issues: FieldError[] = [];
  lines.forEach((line, i) => {
    const principal = centsOf(line.principal);
    const gift = centsOf(line.gift);
    if (principal === 0n && gift === 0n) issues.push({ field: `lines.${i}.principal`, key: 'storeValueAdjust.amountZero' });
    const adds = principal > 0n || gift > 0n;
    const deducts = principal < 0n || gift < 0n;
    const refusal = reasonRefusal({ reason: reasons.get(line.reason), adds, deducts, keys: REASON_KEYS });
    if (!refusal) return;
    // A direction refusal is named on the portion that goes the wrong way (principal first).
    const wrongWay = refusal.key === REASON_KEYS.increaseOnly ? (p: bigint) => p < 0n : (p: bigint) => p > 0n;
    const on = refusal.on === 'reason' ? 'reason' : wrongWay(principal) ? 'principal' : 'gift';
    issues.push({ field: `lines.${i}.${on}`, key: refusal.key, values: refusal.values });
  });
  return issues;
}

/** The header's totals. */
function totalsOf(lines: readonly AdjustLine[]) {
  return {
    totalPrincipal: sumMoney(lines.map((line) => line.principal)),
    totalGift: sumMoney(lines.map((line) => line.gift)),
    absoluteTotal: sumAbsolute(lines.flatMap((line) => [line.principal, line.gift])),
    lineCount: lines.length,
  };
}

/** The lines in posting order: by member, then line number. */
const inPostingOrder = <L extends { readonly member: number; readonly lineNo: number }>(lines: readonly L[]): L[] =>
  [...lines].sort((a, b) => a.member - b.member || a.lineNo - b.lineNo);

async function applyLines(ctx: HookContext & { record: ValueAdjust }): Promise<void> {
  const { db, actor, record } = ctx;
  const tenantId = actor.tenantId;
  await postLinesOnAudit({
    ctx,
    lines: inPostingOrder(record.lines),
    refusedKey: 'storeValueAdjust.lineRefused',
    // No lock step: posting in member order takes the account locks in member order.
    async post(line, now) {
      await postValue({
        tx: db,
        tenantId,
        holder: { kind: 'member', memberId: line.member },
        principal: line.principal,
        gift: line.gift,
        kind: 'adjust',
        sourceType: VALUE_ADJUSTMENT_SOURCE,
        sourceId: record.number,
        storeId: record.store,
        operatorId: actor.userId,
        remark: line.remark === '' ? null : line.remark,
        idempotencyKey: valueAdjustmentKey(record.id, line.lineNo),
        field: `lines.${line.lineNo - 1}.principal`,
        now,
      });
    },
    subject: async (line) => ({ member: await memberLabel({ db, tenantId, memberId: line.member }) }),
  });
}

export const storeValueAdjustHooks = defineServerHooks(storeValueAdjustResource, {
  async beforeSave(ctx) {
    const rows = ctx.lines.get('lines');
    if (!rows) return;
    const issues = await checkLines(ctx, rows);
    if (issues.length > 0) throw badInput('error.fieldsInvalid', issues);
    Object.assign(ctx.values, totalsOf(rows));
  },

  afterAction: {
    audit: (ctx) => applyLines(ctx),
  },
});
