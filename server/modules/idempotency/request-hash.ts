import { createHash } from 'node:crypto';

/**
 * The canonical text of a request, and its hash: object keys sorted (at every depth),
 * `undefined` members dropped, everything else as JSON writes it. Two requests that differ only
 * in key order or in absent optional members hash the same; any other difference does not.
 * Callers canonicalise values with more than one spelling before hashing (money to cents text,
 * an absent store to null), so `"12.5"` and `12.50` are one request.
 */
export function canonicalJson(value: unknown): string {
  if (value === null || typeof value !== 'object') {
    if (typeof value === 'number' && !Number.isFinite(value)) throw new Error('canonicalJson: not a finite number');
    return JSON.stringify(value) ?? 'null';
  }
  if (Array.isArray(value)) return `[${value.map((item) => (item === undefined ? 'null' : canonicalJson(item))).join(',')}]`;
  const entries = Object.entries(value as Record<string, unknown>)
    .filter(([, item]) => item !== undefined)
    .sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0));
  return `{${entries.map(([key, item]) => `${JSON.stringify(key)}:${canonicalJson(item)}`).join(',')}}`;
}

/** SHA-256 (hex) of the canonical request. */
export function requestHash(value: unknown): string {
  return createHash('sha256').update(canonicalJson(value), 'utf8').digest('hex');
}
