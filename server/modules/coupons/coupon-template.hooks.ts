import { sql } from 'drizzle-orm';
import { defineServerHooks } from '../../crud/server-hooks.define';
import { valueAfterWrite } from '../../crud/required-when';
import { badInput, type FieldError } from '../../http/envelope';
import { toCents } from '../../money/money';
import { couponInitResource } from '../../../resources/coupons/coupon-init.resource';
import type { StoredLineRule } from '../../../resources/coupons/coupon-template.resource';

/**
 * Rules of coupon templates (resources/coupons/coupon-template.resource.ts) the declaration cannot
 * state, checked on the values the template will hold:
 *
 * - a random cash coupon's largest value is not below its smallest;
 * - a goods scope of listed goods (INCLUDE / EXCLUDE) lists at least one product, category or
 *   brand, and the goods types (goods_cash, goods_discount) need such a scope;
 * - the total quantity is never set below what is already issued (the issuing counter);
 * - a bearer without a share gives its settlement ratio.
 */
export const couponTemplateHooks = defineServerHooks('coupon-template', {
  async beforeSave({ db, actor, values, current }) {
    const value = (name: string) => valueAfterWrite({ values, current, name });
    const issues: FieldError[] = [];
    const type = value('lineType');
    if (type === 'random_cash') {
      // The rule as validated for its line type (resources/coupons/coupon-template.resource.ts).
      const rule = value('rule') as StoredLineRule<'random_cash'> | null;
      const min = toCents(String(rule?.randomMin));
      const max = toCents(String(rule?.randomMax));
      if (min !== null && max !== null && max < min) issues.push({ field: 'rule.randomMax', key: 'coupons.randomOrder' });
    }
    const scope = value('goodsScope');
    const listed = ['goods', 'categories', 'brands'].some((name) => {
      const list = value(name);
      return Array.isArray(list) && list.length > 0;
    });
    if ((scope === 'INCLUDE' || scope === 'EXCLUDE') && !listed) issues.push({ field: 'goods', key: 'coupons.scopeEmpty' });
    if ((type === 'goods_cash' || type === 'goods_discount') && scope === 'ALL')
      issues.push({ field: 'goodsScope', key: 'coupons.goodsScopeRequired' });
    const total = value('totalQuantity');
    const issued = Number(current?.issuedCount ?? 0);
    if (typeof total === 'number' && total < issued)
      issues.push({ field: 'totalQuantity', key: 'coupons.totalBelowIssued', values: { issued } });
    if (issues.length > 0) throw badInput('error.fieldsInvalid', issues);
    const costparty = value('costparty');
    if (typeof costparty === 'number' && (value('costShare') === null || value('costShare') === undefined)) {
      const ratio = await db.execute<{ settlement_ratio: string }>(sql`select settlement_ratio from cost_parties
        where tenant_id = ${actor.tenantId} and id = ${costparty}`);
      if (ratio.rows[0]) values.costShare = String(ratio.rows[0].settlement_ratio);
    }
  },
});

/** Digit-only codes need at least 12 digits, so a code cannot be guessed (coupon-init). */
export const couponInitHooks = defineServerHooks(couponInitResource, {
  beforeSave({ values, current }) {
    const alphabet = valueAfterWrite({ values, current, name: 'codeAlphabet' });
    const length = valueAfterWrite({ values, current, name: 'codeLength' });
    if (alphabet === 'DIGITS' && typeof length === 'number' && length < 12) {
      throw badInput('error.fieldsInvalid', [{ field: 'codeLength', key: 'coupons.digitsTooShort' }]);
    }
  },
});
