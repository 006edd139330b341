import { field } from '../define';

/**
 * The columns of the two workbooks a partner hands the merchant for a third-party coupon campaign
 * (issue 28 item 1), declared with the field builders so the file centre reads them as it reads
 * a resource's import (server/modules/files/declared-sheet.ts: header by label in either
 * language, cells by kind). What the rows mean is checked by server/modules/activities/codes.
 */

/** Most characters of a partner's code (and of a code bound or redeemed, codes.routes.ts). */
export const PARTNER_CODE_MAX_LENGTH = 32;

/** A partner's codes: one column, the code (letters and digits, 1–32). */
export const PARTNER_CODE_COLUMNS = {
  code: field.text({ label: ['券码', 'Code'], required: true, maxLength: PARTNER_CODE_MAX_LENGTH }),
};

/** A partner's statement of redemptions: the code and when it was redeemed; the store and amount when the partner gives them. */
export const PARTNER_STATEMENT_COLUMNS = {
  code: field.text({ label: ['券码', 'Code'], required: true, maxLength: PARTNER_CODE_MAX_LENGTH }),
  redeemedAt: field.datetime({ label: ['核销时间', 'Redeemed at'], required: true }),
  store: field.text({ label: ['门店', 'Store'], maxLength: 100 }),
  amount: field.money({ label: ['结算金额(元)', 'Settlement amount (yuan)'], min: 0, max: 1_000_000 }),
};

/** Letters and digits only: what a code may hold (stored in capitals: a code is read in any case). */
export const PARTNER_CODE_PATTERN = /^[A-Z0-9]+$/;

/** Two redemption times further apart than this differ (the partner's clock and ours are not one). */
export const RECONCILE_TIME_TOLERANCE_SECONDS = 300;
