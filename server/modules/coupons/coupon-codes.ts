import { randomInt } from 'node:crypto';
import type { CouponSettings } from './coupon-settings';

/**
 * Coupon codes: drawn with the operating system's cryptographic random source over the alphabet
 * of the coupon settings, so no code follows from another (never a sequence). The letters leave
 * out 0 / O, 1 / I / L, which people misread. Uniqueness per tenant is the unique index on
 * `coupons (tenant_id, code)`: the issuing statement skips a code that collides and draws again.
 */
export const CODE_ALPHABETS: Readonly<Record<CouponSettings['codeAlphabet'], string>> = {
  DIGITS: '0123456789',
  UPPER_ALNUM: '23456789ABCDEFGHJKMNPQRSTUVWXYZ',
};

/** One code: the prefix and `codeLength` random characters. */
export function drawCode(settings: Pick<CouponSettings, 'codeAlphabet' | 'codeLength' | 'codePrefix'>): string {
  const alphabet = CODE_ALPHABETS[settings.codeAlphabet];
  let code = settings.codePrefix;
  for (let i = 0; i < settings.codeLength; i++) code += alphabet[randomInt(alphabet.length)];
  return code;
}

/** A random cash coupon's value in cents between `min` and `max` inclusive: even, or mostly small (the lower of two draws). */
export function drawRandomCents(min: bigint, max: bigint, distribution: 'UNIFORM' | 'LOW_BIASED'): bigint {
  const span = Number(max - min) + 1;
  const draw = () => BigInt(randomInt(span));
  const offset = distribution === 'LOW_BIASED' ? [draw(), draw()].reduce((a, b) => (a < b ? a : b)) : draw();
  return min + offset;
}
