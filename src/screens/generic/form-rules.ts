/**
 * The declaration's field rules in a form (resources/field-rules.ts, the same rules the server
 * applies): which fields apply to the values being edited (`when`), what a field that stops
 * applying becomes (cleared; its declared default when it applies again), and which fields the
 * record's state keeps read-only (`editableIn`).
 */
import { Form, type FormInstance } from 'antd';
import { useEffect, useMemo, useRef } from 'react';
import { isInForm, type ResourceDef } from '../../../resources/define';
import { editableInState, fieldApplies, isConditional } from '../../../resources/field-rules';
import type { ApiRecord, Translate } from '../../fields/field-kind';
import { isBlank } from '../../fields/field-helpers';
import { fieldContext, specFor } from '../../fields/field-kinds';
import { recordStateOf } from './record-state';

type Values = Readonly<Record<string, unknown>> | undefined;

/**
 * True when a field applies to these form values. A view's fixed filter (a kind's view: its kind)
 * is not in the form but holds for every record it writes, so it decides first, as on the server.
 */
export function appliesTo(resource: ResourceDef, name: string, values: Values): boolean {
  const fixed: Readonly<Record<string, unknown>> = resource.fixedFilter ?? {};
  return fieldApplies({ resource, name, valueOf: (field) => (Object.hasOwn(fixed, field) ? fixed[field] : values?.[field]) });
}

/**
 * Follows the form's values (all of them, shown or not: a rights form's level type too) through
 * a selector; before the first notification it reads the store directly.
 */
export function useFormSelection<T>(form: FormInstance, select: (values: Values) => T): T {
  const watched = Form.useWatch((values: Values) => select(values), { form, preserve: true }) as T | undefined;
  return watched ?? select(form.getFieldsValue(true) as Values);
}

/** True while a field applies to the form's current values. */
export function useApplies(resource: ResourceDef, name: string): boolean {
  const form = Form.useFormInstance();
  return useFormSelection(form, (values) => appliesTo(resource, name, values));
}

/**
 * Keeps conditional fields in step with the values they depend on: a field that does not apply
 * is emptied (so it is never sent, as the server would clear it), and a field that starts to
 * apply again gets its declared default when it is empty. On first sight only the emptying is
 * done: a record being loaded keeps its values.
 */
export function useSettledConditions(args: { form: FormInstance; resource: ResourceDef; t: Translate }): void {
  const { form, resource, t } = args;
  const conditional = useMemo(
    () => Object.keys(resource.fields).filter((name) => isConditional(resource, name) && isInForm(resource.fields[name])),
    [resource],
  );
  const applying = useFormSelection(form, (values) => conditional.filter((name) => appliesTo(resource, name, values)).join('\n'));
  const previous = useRef<ReadonlySet<string> | null>(null);
  useEffect(() => {
    const now = new Set(applying === '' ? [] : applying.split('\n'));
    const before = previous.current;
    previous.current = now;
    const values = form.getFieldsValue(true) as Record<string, unknown>;
    const patch: Record<string, unknown> = {};
    for (const name of conditional) {
      const f = resource.fields[name];
      if (!now.has(name)) {
        if (!isBlank(values[name])) patch[name] = f.kind === 'lines' ? [] : null;
      } else if (before && !before.has(name) && isBlank(values[name]) && f.defaultValue !== undefined) {
        const convert = specFor(f).toForm;
        patch[name] = convert ? convert(fieldContext({ resource, name, t }), f.defaultValue) : f.defaultValue;
      }
    }
    if (Object.keys(patch).length > 0) form.setFieldsValue(patch);
  }, [applying, conditional, form, resource, t]);
}

/** True when the record's state keeps the field read-only (`editableIn`); never on create. */
export function lockedByState(resource: ResourceDef, name: string, record: ApiRecord | undefined): boolean {
  if (!record || !resource.states) return false;
  return !editableInState(resource, name, recordStateOf(resource, record));
}

/**
 * The body of a save from converted form values: the fields that do not apply go as null (the
 * server clears them whatever is sent; null says so), the others as they are.
 */
export function settleBody(args: { resource: ResourceDef; body: Record<string, unknown>; values: Values }): Record<string, unknown> {
  const body = { ...args.body };
  for (const name of Object.keys(body)) {
    if (!appliesTo(args.resource, name, args.values)) body[name] = args.resource.fields[name]?.kind === 'lines' ? [] : null;
  }
  return body;
}
