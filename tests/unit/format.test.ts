import { describe, it, expect } from 'vitest';
import fc from 'fast-check';
import { EMPTY_DISPLAY, formatAmount, formatInteger, formatNumber } from '../../src/lib/format';

describe('formatAmount', () => {
  it('shows a dash for empty values', () => {
    expect(EMPTY_DISPLAY).toBe('-');
    for (const value of [null, undefined, '', ' ', 'abc', NaN]) expect(formatAmount(value)).toBe('-');
  });

  it('prints two decimals with thousands separators', () => {
    expect(formatAmount(0)).toBe('0.00');
    expect(formatAmount(5)).toBe('5.00');
    expect(formatAmount(999)).toBe('999.00');
    expect(formatAmount(1000)).toBe('1,000.00');
    expect(formatAmount(1234567.8)).toBe('1,234,567.80');
    expect(formatAmount('-1234.5')).toBe('-1,234.50');
  });

  it('rounds half away from zero without float artefacts', () => {
    expect(formatAmount(0.1 + 0.2)).toBe('0.30');
    // 1.005 is stored as 1.00499999…; toFixed(2) gives 1.00, the typed value means 1.01.
    expect(formatAmount(1.005)).toBe('1.01');
    expect(formatAmount('-0.005')).toBe('-0.01');
    expect(formatAmount('-0.004')).toBe('0.00');
  });

  it('is exact up to 1e13 with two decimals', () => {
    expect(formatAmount('9999999999999.99')).toBe('9,999,999,999,999.99');
    expect(formatAmount('9999999999999.995')).toBe('10,000,000,000,000.00');
    expect(formatAmount(1234567890123.45)).toBe('1,234,567,890,123.45');
    expect(formatAmount(1e13)).toBe('10,000,000,000,000.00');
    expect(formatAmount(10n ** 13n)).toBe('10,000,000,000,000.00');
  });

  it('keeps every cent of random amounts below 1e13', () => {
    fc.assert(
      fc.property(fc.bigInt({ min: -(10n ** 15n), max: 10n ** 15n }), (cents) => {
        const magnitude = cents < 0n ? -cents : cents;
        const raw = `${cents < 0n ? '-' : ''}${magnitude / 100n}.${(magnitude % 100n).toString().padStart(2, '0')}`;
        const shown = formatAmount(raw);
        // Removing the separators gives the input back, and the groups are all of three digits.
        expect(shown.replaceAll(',', '')).toBe(cents === 0n ? '0.00' : raw);
        const whole = shown.replace('-', '').split('.')[0];
        expect(
          whole
            .split(',')
            .slice(1)
            .every((group) => group.length === 3),
        ).toBe(true);
      }),
    );
  });
});

describe('formatNumber and formatInteger', () => {
  it('keeps the value’s own decimals unless told otherwise', () => {
    expect(formatNumber(1234.5678)).toBe('1,234.5678');
    expect(formatNumber(1234.5678, { decimals: 1 })).toBe('1,234.6');
    expect(formatNumber('1e6')).toBe('1,000,000');
  });

  it('accepts another text for empty values', () => {
    expect(formatNumber(null, { empty: '' })).toBe('');
    expect(formatNumber(undefined)).toBe('-');
  });

  it('formats integers with separators, rounding half away from zero', () => {
    expect(formatInteger(1234567)).toBe('1,234,567');
    expect(formatInteger('2.5')).toBe('3');
    expect(formatInteger(-2.5)).toBe('-3');
    expect(formatInteger(-123456.4)).toBe('-123,456');
    expect(formatInteger(null)).toBe('-');
  });
});
