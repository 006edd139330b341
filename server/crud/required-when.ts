import type { StoredRecord } from './server-hooks.define';

/**
 * Cross-field rules of server hooks read the value a record will hold after the write: the
 * written value when the body sets it, the stored one otherwise. (Fields needed only in some
 * cases are declared with `when`, resources/field-rules.ts: the engine requires and clears them.)
 */

/** The value a field will hold after a create or modify. */
export function valueAfterWrite(args: { values: StoredRecord; current: StoredRecord | null; name: string }): unknown {
  return Object.prototype.hasOwnProperty.call(args.values, args.name) ? args.values[args.name] : args.current?.[args.name];
}
