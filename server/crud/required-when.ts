import type { StoredRecord } from './server-hooks.define';

/**
 * Cross-field rules of server hooks read the value a record will hold after the write: the
 * written value when the body sets it, the stored one otherwise. (Fields needed only in some
 * cases are declared with `when`, resources/field-rules.ts: the engine requires and clears them.)
 */

/**
 * The value a field will hold after a create or modify, typed by the hooks' record type
 * (`RecordOf`, resources/record-of.ts): undefined only when neither the write nor the stored
 * record has it (a create that leaves an optional field out).
 */
export function valueAfterWrite<T extends object = StoredRecord, K extends keyof T & string = keyof T & string>(args: {
  values: Partial<T>;
  current: T | null;
  name: K;
}): T[K] | undefined {
  return Object.prototype.hasOwnProperty.call(args.values, args.name) ? args.values[args.name] : args.current?.[args.name];
}

/**
 * The value of a field the engine has already required (a required field, or a conditional one
 * whose condition holds): never null after validation; a missing one is a programming error.
 */
export function requiredAfterWrite<T extends object, K extends keyof T & string>(args: {
  values: Partial<T>;
  current: T | null;
  name: K;
}): NonNullable<T[K]> {
  const value = valueAfterWrite(args);
  if (value === undefined || value === null) throw new Error(`${args.name}: no value after a validated write`);
  return value as NonNullable<T[K]>;
}
