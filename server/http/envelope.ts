import { ERROR_CODES, SUCCESS_CODE, type Envelope, type ErrorKind } from '../../resources/contract/envelope';

/**
 * Building the response envelope of the browser/server contract (DESIGN.md §3). Its codes and
 * shape are the contract's (resources/contract/envelope.ts), re-exported for the server's modules.
 */
export { ERROR_CODES, SUCCESS_CODE, type Envelope, type ErrorKind };

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
