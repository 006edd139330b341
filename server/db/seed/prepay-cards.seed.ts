import { and, asc, eq } from 'drizzle-orm';
import { CARD_TEMPLATE_TYPES } from '../../../resources/catalog/card-template-types';
import type { ResourceDef } from '../../../resources/define';
import { cardTemplateResource } from '../../../resources/deposit/card-template.resource';
import { imprestCardSaleBillResource } from '../../../resources/deposit/imprest-card-sale-bill.resource';
import { prepayCardAdjustReasonResource } from '../../../resources/deposit/prepay-card-adjust-reason.resource';
import { prepayCardPayResource } from '../../../resources/deposit/prepay-card-pay.resource';
import { storeResource } from '../../../resources/datum/store.resource';
import { memberResource } from '../../../resources/member/member.resource';
import { systemActor, type Actor } from '../../crud/actor';
import { createRecord, runAction } from '../../crud/crud.operations';
import { deriveTable } from '../../crud/table.derive';
import { makeCards } from '../../modules/cards/card-making';
import { cardByNumber } from '../../modules/cards/card-store';
import { users } from '../schema/core.schema';
import type { DemoSeeder, DemoSeedInput } from './seeders';

/**
 * Demo data of prepaid cards (after members and datum), made as the screens make them (the
 * template's enable action, the make-cards service, the sale bill's and top-up's audits through
 * the engine and the ledger), so a new user finds cards in every state screen:
 *
 * - four enabled templates, one of each card type: a rechargeable 500-yuan stored-value card, a
 *   100-yuan physical gift card sold at 95, a 200-yuan recharge card and a 50-yuan e-gift card;
 * - batches of cards in stock at two stores (the printing file lands in the administrator's file
 *   centre);
 * - audited sale bills (two stored-value cards to a member, five gift cards to a company with a
 *   discount, three recharge and four e-gift cards to another company), so each card report has
 *   figures, and a draft one to audit;
 * - an audited top-up of one sold card, and two card adjustment reasons.
 *
 * The administrator makes them. Deterministic apart from the card secrets, which are random.
 */

async function seedPrepayCards(input: DemoSeedInput): Promise<void> {
  const { tx, tenantId, registry } = input;
  const s = deriveTable(storeResource);
  const stores = (await tx.select({ id: s.id }).from(s).where(eq(s.tenantId, tenantId)).orderBy(asc(s.id)).limit(2)).map((r) =>
    Number(r.id),
  );
  const m = deriveTable(memberResource);
  const [member] = await tx
    .select({ id: m.id })
    .from(m)
    .where(and(eq(m.tenantId, tenantId), eq(m.state, 'using')))
    .orderBy(asc(m.id))
    .limit(1);
  const [admin] = await tx
    .select({ id: users.id })
    .from(users)
    .where(and(eq(users.tenantId, tenantId), eq(users.login, 'admin')));
  if (stores.length < 2 || !member || !admin) return;
  // The administrator maintains every card type's templates (the hooks check the type's grant).
  const actor: Actor = {
    ...systemActor({ tenantId }),
    userId: Number(admin.id),
    grants: CARD_TEMPLATE_TYPES.map((type) => ({ resourceId: type.resourceId, actions: ['卡模板维护'] })),
  };
  const on = (resource: ResourceDef) => ({ db: tx, registry, runtime: registry.get(resource.name), actor });
  const save = async (resource: ResourceDef, body: Record<string, unknown>) => Number((await createRecord({ ...on(resource), body })).id);
  const act = (resource: ResourceDef, id: number, action: string) => runAction({ ...on(resource), id, action });
  const [shop, other] = stores;

  const storedValue = await save(cardTemplateResource, {
    name: '500元储值卡',
    cardTemplateType: 'RECHARGEABLE_CARD',
    faceValue: '500',
    price: '500',
    rechargeable: true,
    validityType: 'MONTHS',
    validityMonths: 24,
    cardNumberPrefix: 'SV',
    cardNumberLength: 16,
    remark: '可续充的储值卡',
  });
  const gift = await save(cardTemplateResource, {
    name: '100元实体礼品卡',
    cardTemplateType: 'OFFLINE_GIFT_CARD',
    faceValue: '100',
    price: '95',
    rechargeable: false,
    validityType: 'MONTHS',
    validityMonths: 12,
    cardNumberPrefix: 'GC',
    cardNumberLength: 16,
    remark: '节日礼品卡，九五折销售',
  });
  const recharge = await save(cardTemplateResource, {
    name: '200元充值卡',
    cardTemplateType: 'IMPREST_CARD',
    faceValue: '200',
    price: '200',
    rechargeable: false,
    validityType: 'MONTHS',
    validityMonths: 12,
    cardNumberPrefix: 'RC',
    cardNumberLength: 16,
  });
  const eGift = await save(cardTemplateResource, {
    name: '50元电子礼品卡',
    cardTemplateType: 'ONLINE_GIFT_CARD',
    faceValue: '50',
    price: '50',
    rechargeable: false,
    validityType: 'MONTHS',
    validityMonths: 12,
    cardNumberPrefix: 'EG',
    cardNumberLength: 16,
  });
  for (const id of [storedValue, gift, recharge, eGift]) await act(cardTemplateResource, id, 'enable');

  const svBatch = await makeCards({ tx, actor, templateId: storedValue, quantity: 20, storeId: shop, remark: '首批储值卡' });
  await makeCards({ tx, actor, templateId: gift, quantity: 30, storeId: shop, remark: '节日礼品卡' });
  await makeCards({ tx, actor, templateId: gift, quantity: 10, storeId: other, remark: '节日礼品卡' });
  await makeCards({ tx, actor, templateId: recharge, quantity: 10, storeId: other, remark: '充值卡' });
  await makeCards({ tx, actor, templateId: eGift, quantity: 10, storeId: other, remark: '电子礼品卡' });

  const sold = await save(imprestCardSaleBillResource, {
    store: shop,
    buyerType: 'MEMBER',
    member: Number(member.id),
    payMethod: 'WEIXIN',
    discount: '0',
    remark: '会员购买储值卡',
    lines: [{ mode: 'RANGE', template: storedValue, startNumber: svBatch.cards[0].number, endNumber: svBatch.cards[1].number }],
  });
  await act(imprestCardSaleBillResource, sold, 'audit');
  const company = await save(imprestCardSaleBillResource, {
    store: shop,
    buyerType: 'COMPANY',
    companyName: '华南能源有限公司',
    contact: '020-88886666',
    payMethod: 'TRANSFER',
    discount: '25',
    remark: '企业员工福利团购',
    lines: [{ mode: 'QUANTITY', template: gift, quantity: 5 }],
  });
  await act(imprestCardSaleBillResource, company, 'audit');
  const mixed = await save(imprestCardSaleBillResource, {
    store: other,
    buyerType: 'COMPANY',
    companyName: '城西商贸有限公司',
    payMethod: 'TRANSFER',
    discount: '0',
    remark: '充值卡与电子礼品卡',
    lines: [
      { mode: 'QUANTITY', template: recharge, quantity: 3 },
      { mode: 'QUANTITY', template: eGift, quantity: 4 },
    ],
  });
  await act(imprestCardSaleBillResource, mixed, 'audit');
  await save(imprestCardSaleBillResource, {
    store: other,
    buyerType: 'COMPANY',
    companyName: '城东物流有限公司',
    payMethod: 'CASH',
    discount: '0',
    remark: '待审核',
    lines: [{ mode: 'QUANTITY', template: gift, quantity: 3 }],
  });

  const card = await cardByNumber({ db: tx, tenantId, number: svBatch.cards[0].number });
  if (card) {
    const topUp = await save(prepayCardPayResource, {
      store: shop,
      payMethod: 'CASH',
      remark: '会员续充',
      lines: [{ card: card.id, amount: '200', gift: '20', remark: '充200送20' }],
    });
    await act(prepayCardPayResource, topUp, 'audit');
  }
  await save(prepayCardAdjustReasonResource, {
    code: 'CORRECTION',
    name: '余额纠错',
    direction: 'both',
    enabled: true,
    remark: '系统或人工差错的更正',
  });
  await save(prepayCardAdjustReasonResource, { code: 'COMPENSATE', name: '客诉补偿', direction: 'increase', enabled: true });
}

export const prepayCardsSeeder: DemoSeeder = { name: 'prepay-cards', after: ['members'], seed: seedPrepayCards };
