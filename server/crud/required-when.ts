import type { ResourceDef } from '../../resources/define';
import { pick, type Locale } from '../../resources/messages/bilingual';
import { badInput, type FieldError } from '../http/envelope';
import { isEmpty } from './field.coerce';
import type { StoredRecord } from './server-hooks.define';

/**
 * Cross-field requirements for server hooks: fields a declaration cannot mark `required`
 * because they are needed only in some cases (a paid level's price, a monthly rule's day).
 * The value checked is the one the record will hold after the write: the written value when the
 * body sets it, the stored one otherwise.
 */

/** The value a field will hold after a create or modify. */
export function valueAfterWrite(args: { values: StoredRecord; current: StoredRecord | null; name: string }): unknown {
  return Object.prototype.hasOwnProperty.call(args.values, args.name) ? args.values[args.name] : args.current?.[args.name];
}

/** Throws 400 `validation.required`, naming each of `names` that will be empty after the write. */
export function requireFields(args: {
  resource: ResourceDef;
  values: StoredRecord;
  current: StoredRecord | null;
  names: readonly string[];
  locale: Locale;
}): void {
  const issues: FieldError[] = args.names
    .filter((name) => isEmpty(valueAfterWrite({ values: args.values, current: args.current, name })))
    .map((name) => ({ field: name, key: 'validation.required', values: { label: pick(args.resource.fields[name].label, args.locale) } }));
  if (issues.length > 0) throw badInput('error.fieldsInvalid', issues);
}
