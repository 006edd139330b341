/**
 * Small pieces every field kind shares: emptiness, the dash, labels, filter operators and the
 * validation rules of the declaration (required, bounds, lengths, pattern).
 */
import type { CrudFilter, LogicalFilter } from '@refinedev/core';
import type { Rule } from 'antd/es/form';
import type { FilterMode } from '../../resources/define';
import { EMPTY_DISPLAY } from '../lib/format';
import type { FieldContext } from './field-kind';

/** What an empty value shows: the specification's dash. */
export const DASH = EMPTY_DISPLAY;

/** True for undefined, null, '' and an empty list. */
export function isBlank(value: unknown): boolean {
  return value === undefined || value === null || value === '' || (Array.isArray(value) && value.length === 0);
}

/** The field's translated label. */
export function labelOf(ctx: FieldContext): string {
  return ctx.t(ctx.key);
}

/** Text of a plain value, or the dash. */
export function textOrDash(value: unknown): string {
  return isBlank(value) ? DASH : String(value);
}

/**
 * refine's operator for a declared filter mode. The data provider sends `eq`, `contains`,
 * `startswith` and `in` as the bare value (the server applies the field's declared mode to it)
 * and `between` as `[from, to]` (providers/README.md, query shape).
 */
export const MODE_OPERATORS: Readonly<Record<FilterMode, LogicalFilter['operator']>> = {
  eq: 'eq',
  contains: 'contains',
  prefix: 'startswith',
  range: 'between',
  in: 'in',
};

/** The default filter of a control's value: one condition with the mode's operator, none when blank. */
export function defaultFilters(ctx: FieldContext, mode: FilterMode, value: unknown): CrudFilter[] {
  if (isBlank(value)) return [];
  if (mode === 'range' && Array.isArray(value) && value.every(isBlank)) return [];
  const trimmed = typeof value === 'string' ? value.trim() : value;
  return trimmed === '' ? [] : [{ field: ctx.name, operator: MODE_OPERATORS[mode], value: trimmed }];
}

/** The required rule, worded like the server's `validation.required`. */
export function requiredRules(ctx: FieldContext, type?: 'array' | 'string'): Rule[] {
  if (!ctx.field.required) return [];
  // Text made of spaces only counts as empty, as it does on the server.
  const whitespace = type === 'string' ? { whitespace: true } : {};
  // No `type` key unless one is given: async-validator treats a present-but-undefined type as
  // 'string', which would refuse a chosen relation id (a number) as empty.
  return [{ required: true, ...(type ? { type } : {}), ...whitespace, message: ctx.t('validation.required', { label: labelOf(ctx) }) }];
}

/** Length rules of text kinds. */
export function lengthRules(ctx: FieldContext, bounds: { readonly min?: number; readonly max?: number }): Rule[] {
  const rules: Rule[] = [];
  const label = labelOf(ctx);
  if (bounds.min !== undefined) rules.push({ min: bounds.min, message: ctx.t('validation.minLength', { label, min: bounds.min }) });
  if (bounds.max !== undefined) rules.push({ max: bounds.max, message: ctx.t('validation.maxLength', { label, max: bounds.max }) });
  return rules;
}

/**
 * What a form item hands its control (antd's Form.Item clones these onto its child): the id its
 * label points to and the ARIA state of the field. A custom control passes them on to its input.
 */
export interface FormItemA11yProps {
  readonly id?: string;
  readonly 'aria-required'?: boolean | 'true' | 'false';
  readonly 'aria-invalid'?: boolean | 'true' | 'false';
  readonly 'aria-describedby'?: string;
}
