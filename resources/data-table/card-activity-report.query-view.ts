import { prepayCardHistoryView } from '../deposit/prepay-card-history.query-view';
import { prepayCardResource } from '../deposit/prepay-card.resource';
import { defineQueryView } from '../query-view';
import { LEDGER_DIMENSIONS, LEDGER_FILTERS, VALUE_MOVES } from './report-parts';
import { reportEntry } from './report-entry';

/**
 * The four prepaid-card reports of /data-table, one per card type: 储值卡活动报表
 * (value-card-activity-report, RECHARGEABLE_CARD), 充值卡报表 (recharge-card-report,
 * IMPREST_CARD), 电子礼品卡活动报表 (gift-card-activity-report, ONLINE_GIFT_CARD) and
 * 实体礼品卡活动报表 (offline-gift-card-activity-report, OFFLINE_GIFT_CARD). They differ only by
 * the card type, so one shape declares them all: the cards' entries of the value ledger (the
 * card's balance history's columns, with the card and its template named), cards sold (a sale
 * bill's audit activates and loads each card: one `sale` entry per card, ever), topped up,
 * spent, refunded, adjusted and voided, by template and by store, each total drilling down to
 * the entries behind it. Spent counts payments only: a refund gives value back and is its own
 * figure, an adjustment is never spending. Their source SQL:
 * server/modules/cards/card-activity-report.source.ts.
 */
const c = prepayCardHistoryView.columns;

/** The card types, as the card's own declaration codes them. */
export type CardType = keyof typeof prepayCardResource.fields.cardType.options;

function cardActivityReport<const N extends string>(args: { name: N; cardType: CardType }) {
  const typeLabel = prepayCardResource.fields.cardType.options[args.cardType].label;
  return {
    /** The card type the report is about: its source reads only cards of this type. */
    cardType: args.cardType,
    view: defineQueryView({
      name: args.name,
      ...reportEntry(args.name),
      key: 'id',
      time: 'occurredAt',
      empty: [`所选期间没有${typeLabel[0]}的流水`, `No ${typeLabel[1].toLowerCase()} entries in the chosen period`],
      columns: {
        id: c.id,
        occurredAt: c.occurredAt,
        kind: c.kind,
        cardId: c.cardId,
        cardNumber: { kind: 'text', label: prepayCardResource.fields.number.label, width: 170 },
        templateId: { kind: 'integer', label: ['卡模板ID', 'Template id'], hidden: true },
        templateName: {
          kind: 'text',
          label: prepayCardResource.fields.template.label,
          width: 160,
          drill: { filter: 'templateId', column: 'templateId' },
        },
        storeId: { kind: 'integer', label: ['门店ID', 'Store id'], hidden: true },
        storeName: c.storeName,
        sourceId: c.sourceId,
        principalDelta: c.principalDelta,
        giftDelta: c.giftDelta,
        balanceAfter: c.balanceAfter,
        remark: c.remark,
      },
      filters: {
        ...LEDGER_FILTERS,
        template: { kind: 'keyword', label: ['卡模板', 'Card template'], placeholder: ['卡模板名称', 'Template name'] },
        templateId: {
          kind: 'record',
          label: ['卡模板', 'Card template'],
          heading: [`{member} 的${typeLabel[0]}报表`, `${typeLabel[1]} report of {member}`],
          named: ['templateName'],
        },
      },
      measures: {
        sold: {
          kind: 'integer',
          label: ['售卡张数', 'Cards sold'],
          help: [
            '期间内售出并激活的卡张数（售卡单审核时激活）',
            'Cards sold and activated in the period (a sale bill’s audit activates them)',
          ],
        },
        soldValue: {
          kind: 'money',
          label: ['售卡面值', 'Value loaded at sale'],
          help: ['售出的卡装入的金额之和', 'Value the cards sold in the period were loaded with'],
        },
        toppedUp: {
          kind: 'money',
          label: ['充值', 'Topped up'],
          help: ['充值流水之和（本金 + 赠送）', 'Sum of the top-up entries (principal + gift)'],
        },
        ...VALUE_MOVES,
        voided: {
          kind: 'money',
          label: ['作废清零', 'Written off by void'],
          help: ['作废时清零的余额之和（正数）', 'Balances written off when cards were voided, as a positive amount'],
        },
        net: {
          kind: 'money',
          label: ['净变动', 'Net change'],
          help: [
            '卡余额的净变动：售卡面值 + 充值 − 消费 + 退款 + 调整 − 作废清零',
            'Net change of the card balances: loaded at sale + topped up − spent + refunded + adjusted − written off',
          ],
        },
      },
      dimensions: {
        templateId: { kind: 'record', label: ['按卡模板', 'By template'] },
        ...LEDGER_DIMENSIONS,
      },
      groups: ['templateId', 'storeId'],
      chart: {
        trend: ['soldValue', 'toppedUp', 'spent'],
        share: { dimension: 'storeId', measure: 'soldValue' },
        compare: ['sold', 'soldValue', 'toppedUp', 'spent'],
      },
    }),
  };
}

export const valueCardActivityReport = cardActivityReport({ name: 'value-card-activity-report', cardType: 'RECHARGEABLE_CARD' });
export const rechargeCardReport = cardActivityReport({ name: 'recharge-card-report', cardType: 'IMPREST_CARD' });
export const giftCardActivityReport = cardActivityReport({ name: 'gift-card-activity-report', cardType: 'ONLINE_GIFT_CARD' });
export const offlineGiftCardActivityReport = cardActivityReport({
  name: 'offline-gift-card-activity-report',
  cardType: 'OFFLINE_GIFT_CARD',
});

/** The four card reports, each with the card type its source reads. */
export const CARD_ACTIVITY_REPORTS = [valueCardActivityReport, rechargeCardReport, giftCardActivityReport, offlineGiftCardActivityReport];

/** A card report's view (the shape all four share). */
export type CardActivityView = (typeof CARD_ACTIVITY_REPORTS)[number]['view'];
