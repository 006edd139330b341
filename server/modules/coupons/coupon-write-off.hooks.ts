import { sql } from 'drizzle-orm';
import { couponWriteOffResource } from '../../../resources/coupons/coupon-write-off.resource';
import type { RecordOf } from '../../../resources/record-of';
import { defineServerHooks, type HookContext, type SavedLine } from '../../crud/server-hooks.define';
import { AppError, badInput, type FieldError } from '../../http/envelope';
import { postLinesOnAudit } from '../document-audit/post-lines';
import { centsToString, toCents } from '../../money/money';
import { couponSettings } from './coupon-settings';
import { storeAllowed } from './coupon-windows';
import { couponShownState, logCouponChange, stateRefusal } from './redeem.service';
import { readTemplates } from './template-terms';

type WriteOff = RecordOf<typeof couponWriteOffResource>;
type WriteOffLine = SavedLine<WriteOff, 'lines'>;

/**
 * Server side of coupon write-off documents (resources/coupons/coupon-write-off.resource.ts):
 *
 * - Every save: codes are trimmed, a code may appear on one line only (400 naming the second
 *   line), every code must name an unused coupon of the tenant now (400 naming the line's code:
 *   the same rule the line's lookup shows before the save, so "BADCODE123" never waits for the
 *   audit), and the header's coupon count and total discount follow the lines.
 * - `audit` (INITIAL -> EFFECTED): refused to the document's writer when the coupon settings ask
 *   for a second person. After the engine's conditional state update, in its transaction, the
 *   coupons of the lines are locked in id order, then each line's coupon is marked used by one
 *   conditional update (`state = 'ISSUED'` inside its validity), so each coupon is used exactly
 *   once whatever runs beside it (a till, another document). A code that is unknown or another
 *   merchant's, used, voided, expired, not yet valid or not usable at the document's store
 *   refuses the whole audit: 409 naming the line, the code and the reason; nothing is written off.
 */

function checkLines(lines: WriteOffLine[]): FieldError[] {
  const issues: FieldError[] = [];
  const firstLine = new Map<string, number>();
  lines.forEach((line, i) => {
    line.code = line.code.trim().toUpperCase();
    const first = firstLine.get(line.code);
    if (first !== undefined) issues.push({ field: `lines.${i}.code`, key: 'coupons.writeOffSameLine', values: { code: line.code, first } });
    else firstLine.set(line.code, i + 1);
  });
  return issues;
}

function totalsOf(lines: readonly WriteOffLine[]): { lineCount: number; totalDiscount: string } {
  const total = lines.reduce((sum, line) => sum + (line.discount === null ? 0n : (toCents(String(line.discount)) ?? 0n)), 0n);
  return { lineCount: lines.length, totalDiscount: centsToString(total) };
}

interface LineCoupon extends Record<string, unknown> {
  id: number;
  code: string;
  template: number;
  state: string;
  valid_from: Date;
  valid_to: Date;
}

/** A PostgreSQL array literal of codes: codes are letters and digits (anything else matches nothing). */
function codeArray(codes: readonly string[]): string {
  return `{${codes.map((c) => `"${c.replace(/["\\]/g, '')}"`).join(',')}}`;
}

/** Lines whose code names no coupon of the tenant, or one that cannot be used now (read, not locked: the audit checks again). */
async function codeIssues(ctx: HookContext, lines: readonly WriteOffLine[]): Promise<FieldError[]> {
  const codes = [...new Set(lines.map((line) => line.code))];
  if (codes.length === 0) return [];
  const found = await ctx.db.execute<LineCoupon>(sql`select id, code, template, state, valid_from, valid_to from coupons
    where tenant_id = ${ctx.actor.tenantId} and code = any(${codeArray(codes)}::text[])`);
  const byCode = new Map(found.rows.map((c) => [c.code, c]));
  const issues: FieldError[] = [];
  lines.forEach((line, i) => {
    const coupon = byCode.get(line.code);
    const key = coupon ? stateRefusal(couponShownState(coupon, ctx.actor.now ?? new Date())) : 'coupons.codeNotFound';
    if (key) issues.push({ field: `lines.${i}.code`, key, values: { code: line.code } });
  });
  return issues;
}

async function writeOffLines(ctx: HookContext & { record: WriteOff }): Promise<void> {
  const { db, actor, record } = ctx;
  const tenantId = actor.tenantId;
  const codes = record.lines.map((line) => line.code);
  let coupons = new Map<string, LineCoupon>();
  let templates: Awaited<ReturnType<typeof readTemplates>> = new Map();
  await postLinesOnAudit({
    ctx,
    lines: record.lines,
    refusedKey: 'coupons.writeOffRefused',
    async lock() {
      const list = codeArray(codes);
      const locked = await db.execute<LineCoupon>(sql`select id, code, template, state, valid_from, valid_to from coupons
        where tenant_id = ${tenantId} and code = any(${list}::text[]) order by id for update`);
      coupons = new Map(locked.rows.map((c) => [c.code, c]));
      templates = await readTemplates(db, tenantId, [...new Set(locked.rows.map((c) => Number(c.template)))]);
    },
    async post(line, now) {
      const coupon = coupons.get(line.code);
      if (!coupon) throw new AppError('notFound', 'coupons.codeNotFound', { values: { code: line.code } });
      const shown = couponShownState(coupon, now);
      const refused = stateRefusal(shown);
      if (refused) throw new AppError('conflict', refused, { values: { code: line.code } });
      if (!storeAllowed(templates.get(Number(coupon.template))!, record.store)) {
        throw new AppError('conflict', 'coupons.notUsable.store', { values: { code: line.code } });
      }
      const used = await db.execute(sql`update coupons set state = 'USED', used_at = ${now}, used_store = ${record.store},
          order_no = ${line.orderNo}, discount = ${line.discount === null ? null : String(line.discount)}::numeric,
          write_off_number = ${record.number}, version = version + 1, updated_at = ${now}, updated_by = ${actor.userId}
        where tenant_id = ${tenantId} and id = ${coupon.id} and state = 'ISSUED' and valid_from <= ${now} and valid_to > ${now}
        returning id`);
      if (used.rows.length === 0) throw new AppError('conflict', 'coupons.alreadyUsed', { values: { code: line.code } });
      await logCouponChange(db, {
        tenantId,
        couponId: Number(coupon.id),
        action: 'writeOff',
        from: shown,
        to: 'USED',
        userId: actor.userId,
        now,
      });
    },
    subject: async (line) => ({ code: line.code }),
  });
}

export const couponWriteOffHooks = defineServerHooks(couponWriteOffResource, {
  async beforeSave(ctx) {
    const rows = ctx.lines.get('lines');
    if (!rows) return;
    const issues = checkLines(rows);
    if (issues.length === 0) issues.push(...(await codeIssues(ctx, rows)));
    if (issues.length > 0) throw badInput('error.fieldsInvalid', issues);
    Object.assign(ctx.values, totalsOf(rows));
  },

  beforeAction: {
    async audit({ db, actor, record }) {
      const settings = await couponSettings(db, actor.tenantId);
      if (settings.writeOffNeedsSecondPerson && record.createdBy === actor.userId) {
        throw new AppError('conflict', 'coupons.writeOffSecondPerson');
      }
    },
  },

  afterAction: {
    audit: (ctx) => writeOffLines(ctx),
  },
});
