import { describe, expect, it } from 'vitest';
import { imprestCardSaleBillResource } from '../../resources/deposit/imprest-card-sale-bill.resource';
import type { LinesField } from '../../resources/define';
import { linesAmount, rangeSize } from '../../src/fields/line-amounts';
import { decimalToString } from '../../src/lib/decimal';

/**
 * The running amount under a card sale bill's lines (issue 25 item 1): each line's cards times
 * its template's price, exact in cents, and what the buyer pays after the discount, as the
 * declaration of the bill states it.
 */
const lines = imprestCardSaleBillResource.fields.lines as LinesField;
const amounts = lines.amounts!;
const PRICES: Record<string, string> = { 1: '980.00', 2: '0.10' };
const amountOf = (rows: Record<string, unknown>[], discount?: unknown) => {
  const found = linesAmount({ lines, amounts, rows, unitOf: (row) => PRICES[String(row.template)], deduction: discount });
  return { total: decimalToString(found.total), left: found.left && decimalToString(found.left), byRange: found.byRange };
};

describe('a sale bill’s running amount', () => {
  it('counts quantity lines and number ranges, times the template’s price, less the discount', () => {
    const rows = [
      { mode: 'QUANTITY', template: 1, quantity: 2 },
      { mode: 'RANGE', template: 1, startNumber: 'PC00000101', endNumber: 'PC00000103' },
    ];
    expect(amountOf(rows, '60')).toEqual({ total: '4900.00', left: '4840.00', byRange: true });
  });

  it('adds cents exactly and never leaves less than nothing to pay', () => {
    const rows = [{ mode: 'QUANTITY', template: 2, quantity: 3 }];
    expect(amountOf(rows)).toEqual({ total: '0.30', left: '0.30', byRange: false });
    expect(amountOf(rows, '1.00').left).toBe('0.00');
  });

  it('counts nothing for a line still being typed (no template, no quantity, half a range) and ignores a hidden field’s leftover', () => {
    const rows = [
      { mode: 'QUANTITY', template: null, quantity: 5 },
      { mode: 'QUANTITY', template: 1, quantity: null },
      { mode: 'RANGE', template: 1, startNumber: 'PC00000101', endNumber: '' },
      // Switched from quantity to range: the quantity left in the form no longer counts.
      { mode: 'RANGE', template: 1, quantity: 7, startNumber: 'PC9', endNumber: 'PC9' },
    ];
    expect(amountOf(rows)).toEqual({ total: '980.00', left: '980.00', byRange: true });
  });
});

describe('the numbers of a range', () => {
  it('are the span of the trailing digits of two numbers of one length and one prefix', () => {
    expect(rangeSize('PC000101', 'PC000120')).toBe(20);
    expect(rangeSize('0999', '1001')).toBe(3);
    expect(rangeSize('A1', 'A1')).toBe(1);
  });

  it('are none while the range is not one yet', () => {
    expect(rangeSize('PC000120', 'PC000101')).toBeNull();
    expect(rangeSize('PC01', 'PC0001')).toBeNull();
    expect(rangeSize('PA01', 'PB01')).toBeNull();
    expect(rangeSize('', '')).toBeNull();
    expect(rangeSize(undefined, 'X1')).toBeNull();
  });
});
