import { describe, expect, it } from 'vitest';
import { AppError } from '../../server/http/envelope';
import {
  AMOUNT_MAX_CENTS,
  boundedTotal,
  centsOf,
  centsToString,
  dbCents,
  inputCents,
  positiveCents,
  signedCents,
  sumAbsolute,
  sumMoney,
  toCents,
} from '../../server/money/money';

/** The 400's field and message key of a refused amount. */
function refusal(run: () => unknown): { field: string; key: string } {
  try {
    run();
  } catch (error) {
    expect(error).toBeInstanceOf(AppError);
    const [field] = (error as AppError).fields;
    return { field: field.field, key: field.key };
  }
  throw new Error('the amount was accepted');
}

describe('the money kernel', () => {
  it('reads text and JSON numbers with at most 2 decimals as exact cents', () => {
    expect(toCents('12.50')).toBe(1250n);
    expect(toCents(' 7 ')).toBe(700n);
    expect(toCents('-0.05')).toBe(-5n);
    expect(toCents(12.5)).toBe(1250n);
    expect(toCents(1.15)).toBe(115n); // 1.15 * 100 is 114.99999999999999 as a float
    expect(toCents(0.07)).toBe(7n);
    expect(toCents('999999999999.99')).toBe(AMOUNT_MAX_CENTS);
  });

  it('refuses rather than rounds a value that is not money', () => {
    expect(toCents('12.345')).toBeNull();
    expect(toCents(12.345)).toBeNull();
    expect(toCents(0.1 + 0.2)).toBeNull(); // 0.30000000000000004
    expect(toCents(Number.NaN)).toBeNull();
    expect(toCents(Number.POSITIVE_INFINITY)).toBeNull();
    expect(toCents(1e21)).toBeNull();
    expect(toCents('1e3')).toBeNull();
    expect(toCents('12,50')).toBeNull();
    expect(toCents('.5')).toBeNull();
    expect(toCents('')).toBeNull();
    expect(toCents('12345678901234')).toBeNull(); // 14 integer digits
  });

  it('writes cents back as 2-decimal text, both ways exact', () => {
    expect(centsToString(1250n)).toBe('12.50');
    expect(centsToString(-5n)).toBe('-0.05');
    expect(centsToString(0n)).toBe('0.00');
    expect(centsToString(AMOUNT_MAX_CENTS)).toBe('999999999999.99');
    for (const text of ['0.01', '-3.10', '123456789012.34']) expect(centsToString(toCents(text)!)).toBe(text);
  });

  it('sums checked values without a float: 0.1 + 0.2 is 0.30', () => {
    expect(sumMoney(['0.10', 0.2, null, undefined, ''])).toBe('0.30');
    expect(sumAbsolute(['-1.25', '2.50'])).toBe('3.75');
    expect(centsOf(null)).toBe(0n);
    expect(() => centsOf('abc')).toThrow('not a money value');
    expect(dbCents('12.50')).toBe(1250n);
    expect(() => dbCents('12.505')).toThrow('not a money value from the database');
  });

  it('answers a 400 naming the field for a request amount that is not money, has the wrong sign or is beyond numeric(14,2)', () => {
    expect(refusal(() => signedCents('12.345', 'amount'))).toEqual({ field: 'amount', key: 'ledger.amountInvalid' });
    expect(refusal(() => signedCents(12.345, 'amount'))).toEqual({ field: 'amount', key: 'ledger.amountInvalid' });
    expect(refusal(() => signedCents('1000000000000', 'amount'))).toEqual({ field: 'amount', key: 'validation.max' });
    expect(refusal(() => signedCents('-1000000000000', 'amount'))).toEqual({ field: 'amount', key: 'validation.max' });
    expect(refusal(() => positiveCents('0', 'amount'))).toEqual({ field: 'amount', key: 'ledger.amountNotPositive' });
    expect(refusal(() => inputCents('-1', { field: 'lines.0.amount', sign: 'nonNegative', invalidKey: 'points.amountInvalid' }))).toEqual({
      field: 'lines.0.amount',
      key: 'points.amountInvalid',
    });
    expect(refusal(() => boundedTotal(AMOUNT_MAX_CENTS + 1n, 'lines'))).toEqual({ field: 'lines', key: 'validation.max' });
    expect(signedCents('-12.50', 'amount')).toBe(-1250n);
    expect(positiveCents(0.01, 'amount')).toBe(1n);
    expect(boundedTotal(AMOUNT_MAX_CENTS, 'lines')).toBe(AMOUNT_MAX_CENTS);
  });
});
