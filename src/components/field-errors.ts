import type { FormInstance } from 'antd';
import { isApiError } from '../../providers/http';

/**
 * Shows a rejected call's invalid fields (a 400 answer's `data.fields`, carried by the http
 * client's ApiError) on the matching form items. Returns true when at least one matched a field
 * of the form; the caller then needs no other message (the client has toasted the summary).
 */
export function applyFieldErrors(form: FormInstance, error: unknown): boolean {
  if (!isApiError(error)) return false;
  const known = new Set(form.getFieldsError().map((entry) => entry.name.join('.')));
  const fields = error.fields.filter((entry) => known.has(entry.field));
  if (fields.length === 0) return false;
  form.setFields(fields.map((entry) => ({ name: entry.field.split('.'), errors: [entry.msg] })));
  return true;
}
