import { and, asc, eq } from 'drizzle-orm';
import { couponTemplateResource } from '../../../resources/coupons/coupon-template.resource';
import { couponWriteOffResource } from '../../../resources/coupons/coupon-write-off.resource';
import { memberResource } from '../../../resources/member/member.resource';
import { productResource } from '../../../resources/datum/product.resource';
import { storeResource } from '../../../resources/datum/store.resource';
import { drawNumber } from '../../crud/numbering';
import { deriveLinesTable, deriveTable } from '../../crud/table.derive';
import { issueWithin } from '../../modules/coupons/issue.service';
import type { DbOrTx } from '../connection';
import type { DemoSeeder } from './seeders';

/**
 * Coupons of the demo merchant (after members and master data): three effective templates of
 * three families (a cash coupon with a threshold, a capped discount coupon, a pick-up coupon of
 * one product), coupons of them issued to the first members through the issuing service (random
 * codes, counters, validity), and a write-off document not yet audited naming one of them.
 */

async function firstIds(tx: DbOrTx, tenantId: number, table: ReturnType<typeof deriveTable>, count: number): Promise<number[]> {
  const rows = await tx.select({ id: table.id }).from(table).where(eq(table.tenantId, tenantId)).orderBy(asc(table.id)).limit(count);
  return rows.map((r) => Number(r.id));
}

export async function insertTemplate(tx: DbOrTx, tenantId: number, values: Record<string, unknown>): Promise<number> {
  const t = deriveTable(couponTemplateResource);
  const number = await drawNumber({ db: tx, tenantId, resource: couponTemplateResource });
  const [made] = await tx
    .insert(t)
    .values({
      tenantId,
      number,
      state: 'EFFECTIVE',
      validity: { validityMode: 'RELATIVE', validDays: 30, delayDays: 0 },
      stacking: { stackWithCoupons: false, stackWithPoints: true },
      ...values,
    } as never)
    .returning({ id: t.id });
  return Number(made.id);
}

export const couponsSeeder: DemoSeeder = {
  name: 'coupons',
  // It issues coupons to members in use.
  after: ['members'],
  async seed({ tx, tenantId }) {
    const m = deriveTable(memberResource);
    const members = (
      await tx
        .select({ id: m.id })
        .from(m)
        .where(and(eq(m.tenantId, tenantId), eq(m.state, 'using')))
        .orderBy(asc(m.id))
        .limit(4)
    ).map((r) => Number(r.id));
    const [product] = await firstIds(tx, tenantId, deriveTable(productResource), 1);
    const [store] = await firstIds(tx, tenantId, deriveTable(storeResource), 1);
    if (members.length === 0 || product === undefined || store === undefined) return;
    const cash = await insertTemplate(tx, tenantId, {
      name: '满50减10元券',
      lineType: 'all_cash',
      rule: { cashValue: '10.00' },
      threshold: '50.00',
      totalQuantity: 1000,
      perMemberLimit: 5,
      description: '单笔消费满50元可用，每单限用一张',
    });
    const discount = await insertTemplate(tx, tenantId, {
      name: '9折券（最高减20元）',
      lineType: 'all_discount',
      rule: { allDiscountRate: '9.0', allDiscountCap: '20.00' },
      usableTimes: { weekdays: [6, 7], dayStart: null, dayEnd: null },
      description: '周末可用',
    });
    const pickup = await insertTemplate(tx, tenantId, {
      name: '免费提货券',
      lineType: 'goods',
      rule: { pickupGoods: product, pickupQuantity: 1 },
    });
    const now = new Date();
    const codes: string[] = [];
    const issue = async (templateId: number, memberId: number, quantity: number) => {
      const answer = await issueWithin({
        tx,
        tenantId,
        operatorId: null,
        now,
        zone: 'Asia/Shanghai',
        body: { requestNo: `demo-${templateId}-${memberId}`, templateId, memberId, quantity, source: 'MANUAL' },
      });
      codes.push(...answer.coupons.map((c) => c.code));
    };
    for (const member of members) await issue(cash, member, 2);
    await issue(discount, members[0], 1);
    await issue(pickup, members[members.length - 1], 1);
    // A write-off document to audit: the first member's first coupon, used at a till that was offline.
    const w = deriveTable(couponWriteOffResource);
    const number = await drawNumber({ db: tx, tenantId, resource: couponWriteOffResource });
    const [doc] = await tx
      .insert(w)
      .values({ tenantId, number, store, lineCount: 1, totalDiscount: '10.00', state: 'INITIAL', remark: '收银机离线时手工核销' } as never)
      .returning({ id: w.id });
    await tx
      .insert(deriveLinesTable(couponWriteOffResource, 'lines'))
      .values({ tenantId, parentId: Number(doc.id), lineNo: 1, code: codes[0], orderNo: 'POS-OFFLINE-0001', discount: '10.00' } as never);
  },
};
