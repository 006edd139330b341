import { describe, it, expect } from 'vitest';
import fc from 'fast-check';
import { fixNumericOnBlur, isNumeric } from '../../src/lib/numeric';
import { compareDecimal, parseDecimal } from '../../src/lib/decimal';

describe('isNumeric', () => {
  it('rejects empty, null, undefined and anything containing spaces', () => {
    for (const value of ['', null, undefined, ' ', '1 000', ' 12', '12 ', '1\t2', '\n3']) {
      expect(isNumeric(value)).toBe(false);
    }
  });

  it('accepts decimal notation and finite numbers', () => {
    for (const value of ['0', '-0', '12', '+12', '-3.25', '.5', '5.', '1e3', '2.5E-2', 0, -1.5, 1e21, 10n]) {
      expect(isNumeric(value)).toBe(true);
    }
  });

  it('rejects what Number() would wrongly accept or is not a number at all', () => {
    for (const value of ['abc', '12a', '0x10', 'Infinity', 'NaN', '.', '-', '1e', '1.2.3', '1,000', NaN, Infinity, {}, true]) {
      expect(isNumeric(value)).toBe(false);
    }
  });
});

describe('fixNumericOnBlur', () => {
  it('empties a non-number', () => {
    expect(fixNumericOnBlur('abc')).toBe('');
    expect(fixNumericOnBlur('')).toBe('');
    expect(fixNumericOnBlur(' 12', { min: 0 })).toBe('');
  });

  it('raises a value below min to min and lowers one above max to max', () => {
    expect(fixNumericOnBlur('-5', { min: 0, max: 100 })).toBe('0');
    expect(fixNumericOnBlur('250', { min: 0, max: 100 })).toBe('100');
    expect(fixNumericOnBlur('42', { min: 0, max: 100 })).toBe('42');
    expect(fixNumericOnBlur('0.5', { min: '1.25' })).toBe('1.25');
  });

  it('applies fixed decimals exactly, half away from zero', () => {
    expect(fixNumericOnBlur('1.005', { decimals: 2 })).toBe('1.01');
    expect(fixNumericOnBlur('1.004', { decimals: 2 })).toBe('1.00');
    expect(fixNumericOnBlur('-2.345', { decimals: 2 })).toBe('-2.35');
    expect(fixNumericOnBlur('7', { decimals: 2 })).toBe('7.00');
    expect(fixNumericOnBlur('0.1', { decimals: 0 })).toBe('0');
    expect(fixNumericOnBlur('2.5', { decimals: 0 })).toBe('3');
  });

  it('applies decimals to a bound that replaced the value', () => {
    expect(fixNumericOnBlur('-1', { min: 0, decimals: 2 })).toBe('0.00');
    expect(fixNumericOnBlur('9.996', { max: 9.99, decimals: 2 })).toBe('9.99');
  });

  it('normalises notation without changing the typed scale', () => {
    expect(fixNumericOnBlur('007.50')).toBe('7.50');
    expect(fixNumericOnBlur('1e3')).toBe('1000');
    expect(fixNumericOnBlur('-0')).toBe('0');
    expect(fixNumericOnBlur('.5')).toBe('0.5');
  });

  it('stays exact beyond float precision', () => {
    expect(fixNumericOnBlur('12345678901234567.895', { decimals: 2 })).toBe('12345678901234567.90');
  });

  it('refuses a broken declaration', () => {
    expect(() => fixNumericOnBlur('1', { min: 5, max: 1 })).toThrow(RangeError);
    expect(() => fixNumericOnBlur('1', { decimals: -1 })).toThrow(RangeError);
    expect(() => fixNumericOnBlur('1', { min: 'x' })).toThrow(RangeError);
  });

  const decimalText = fc
    .tuple(fc.boolean(), fc.bigInt({ min: 0n, max: 10n ** 20n }), fc.integer({ min: 0, max: 6 }))
    .map(([negative, digits, scale]) => {
      const padded = digits.toString().padStart(scale + 1, '0');
      const split = padded.length - scale;
      return `${negative ? '-' : ''}${padded.slice(0, split)}${scale ? `.${padded.slice(split)}` : ''}`;
    });

  it('always lands within the bounds with exactly the fixed number of decimals, and is stable', () => {
    fc.assert(
      fc.property(
        decimalText,
        fc.integer({ min: -1000, max: 0 }),
        fc.integer({ min: 0, max: 1000 }),
        fc.integer({ min: 0, max: 4 }),
        (raw, min, max, decimals) => {
          const fixed = fixNumericOnBlur(raw, { min, max, decimals });
          const value = parseDecimal(fixed);
          expect(value).not.toBeNull();
          if (!value) return;
          expect(compareDecimal(value, parseDecimal(String(min))!)).toBeGreaterThanOrEqual(0);
          expect(compareDecimal(value, parseDecimal(String(max))!)).toBeLessThanOrEqual(0);
          expect(fixed.split('.')[1]?.length ?? 0).toBe(decimals);
          // Blurring a corrected value again must not change it.
          expect(fixNumericOnBlur(fixed, { min, max, decimals })).toBe(fixed);
        },
      ),
    );
  });

  it('agrees with integer arithmetic on the rounding of random values', () => {
    fc.assert(
      fc.property(fc.bigInt({ min: -(10n ** 18n), max: 10n ** 18n }), (thousandths) => {
        // thousandths / 1000 rounded to hundredths, half away from zero, computed independently.
        const magnitude = thousandths < 0n ? -thousandths : thousandths;
        const hundredths = (magnitude + 5n) / 10n;
        const whole = hundredths / 100n;
        const cents = (hundredths % 100n).toString().padStart(2, '0');
        const sign = thousandths < 0n && hundredths !== 0n ? '-' : '';
        const raw = `${thousandths < 0n ? '-' : ''}${magnitude / 1000n}.${(magnitude % 1000n).toString().padStart(3, '0')}`;
        expect(fixNumericOnBlur(raw, { decimals: 2 })).toBe(`${sign}${whole}.${cents}`);
      }),
    );
  });
});
