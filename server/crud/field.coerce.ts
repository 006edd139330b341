import type { FieldDef } from '../../resources/define';
import type { Locale } from '../../resources/messages/bilingual';
import { kindOf } from './field-kinds';

/**
 * Turns one client value of a field into the value its column stores, or says why it cannot:
 * each kind's `coerce` (field-kinds/*.kind.ts). Pure and synchronous: references to other
 * records are checked afterwards against the database (references.validate.ts). Message keys
 * are those of errors.messages.ts and crud.messages.ts; the caller adds the `label` slot.
 */

export type { Coerced, NestedIssue } from './field-kinds/field-kind';
export { DEFAULT_MAX_LENGTH, isEmpty } from './field-kinds/kind-helpers';

/**
 * The stored value of a non-empty client value. A dateRange gives `[from, to]`; the caller
 * spreads it over the two columns. An object's problems come back `nested`, each with its path.
 */
export function coerceValue(args: { f: FieldDef; value: unknown; zone: string; locale?: Locale }) {
  return kindOf(args.f).coerce(args);
}
