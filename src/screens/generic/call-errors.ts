/**
 * Reading a rejected call. The http client (providers/http.ts) rejects with an ApiError that
 * carries the server's localized message, the status, a 400's field messages, and whether the
 * user has already been told (a toast, the sign-in dialog); screens add only what is missing.
 */
import type { FormInstance } from 'antd';
import { isApiError } from '../../../providers/http';

/** The error's text for the user. */
export function errorText(error: unknown): string {
  return error instanceof Error ? error.message : String(error);
}

/** True when the http client has already shown the error. */
export function alreadyReported(error: unknown): boolean {
  return isApiError(error) && error.handled;
}

/** True for a 409: the record changed (or moved state) since it was loaded. */
export function isConflict(error: unknown): boolean {
  return isApiError(error) && error.statusCode === 409;
}

// Server field names are dotted (`lines.0.points`), with brackets for the lines inside an object
// (`rule.tiers[2].points`); antd names list items by number.
function dotted(field: string): string {
  return field.replace(/\[(\d+)\]/g, '.$1');
}
function namePath(field: string): (string | number)[] {
  return dotted(field)
    .split('.')
    .map((part) => (/^\d+$/.test(part) ? Number(part) : part));
}

/**
 * Puts a 400's field messages on the form's fields. Returns how many matched a field of the
 * form; the others stay in the general message the http client showed.
 */
export function showFieldErrors(form: FormInstance, error: unknown): number {
  if (!isApiError(error) || error.fields.length === 0) return 0;
  const known = new Set(form.getFieldsError().map((entry) => entry.name.join('.')));
  const matching = error.fields.filter((entry) => known.has(dotted(entry.field)));
  form.setFields(matching.map((entry) => ({ name: namePath(entry.field), errors: [entry.msg] })));
  return matching.length;
}
