/**
 * The response envelope of the browser/server contract (DESIGN.md §3): `{ code, msg, data }`,
 * code 2000 on success. Any other code is an error whose msg is a localized sentence.
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

export function ok<T>(data: T, msg = 'success'): Envelope<T> {
  return { code: SUCCESS_CODE, msg, data };
}

/** One invalid field of a request body, named by its declared field name. */
export interface FieldError {
  field: string;
  /** Message key, translated at the edge, and its slot values. */
  key: string;
  values?: Record<string, string | number>;
}

/**
 * An error a client may see. `key` is a message key translated into the request's locale by the
 * error handler (so modules never pick a language); `values` fill its braced slots.
 */
export class AppError extends Error {
  readonly kind: ErrorKind;
  readonly key: string;
  readonly values: Record<string, string | number>;
  readonly fields: FieldError[];

  constructor(kind: ErrorKind, key: string, options: { values?: Record<string, string | number>; fields?: FieldError[] } = {}) {
    super(key);
    this.kind = kind;
    this.key = key;
    this.values = options.values ?? {};
    this.fields = options.fields ?? [];
  }
}

export const badInput = (key = 'error.badInput', fields: FieldError[] = [], values?: Record<string, string | number>) =>
  new AppError('badInput', key, { fields, values });
export const notFound = (key = 'error.notFound', values?: Record<string, string | number>) => new AppError('notFound', key, { values });
export const forbidden = (key = 'error.forbidden') => new AppError('forbidden', key);
export const conflict = (key = 'error.conflict', values?: Record<string, string | number>) => new AppError('conflict', key, { values });
export const unauthenticated = (key = 'error.unauthenticated') => new AppError('unauthenticated', key);
