/**
 * The response envelope of the browser/server contract (DESIGN.md §3): `{ code, msg, data }`,
 * code 2000 on success. Any other code is an error whose msg is a localized sentence. Types and
 * constants only: the server builds envelopes (server/http/envelope.ts), the browser unwraps
 * them (providers/http.ts).
 */

export const SUCCESS_CODE = 2000;

/** Business error codes, each tied to an HTTP status that tells the class. */
export const ERROR_CODES = {
  badInput: { code: 4000, status: 400 },
  unauthenticated: { code: 4010, status: 401 },
  passwordExpired: { code: 4011, status: 401 },
  forbidden: { code: 4030, status: 403 },
  licenseInvalid: { code: 4031, status: 403 },
  notFound: { code: 4040, status: 404 },
  conflict: { code: 4090, status: 409 },
  tooManyRequests: { code: 4290, status: 429 },
  internal: { code: 5000, status: 500 },
  maintenance: { code: 5030, status: 503 },
} as const;
export type ErrorKind = keyof typeof ERROR_CODES;

export interface Envelope<T> {
  code: number;
  msg: string;
  data: T;
}

/** One invalid field of a rejected request as the wire carries it (in `data.fields`). */
export interface FieldMessage {
  /** Declared field name, dotted for nested values. */
  readonly field: string;
  /** Localized explanation. */
  readonly msg: string;
}

/** The body of a 403 for a tenant whose licence is invalid carries this `message` (§8). */
export const LICENSE_INVALID_MESSAGE = 'licenseInvalid';
