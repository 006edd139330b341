/**
 * Number kinds: `integer`, `money` (2 decimals) and `decimal` (declared decimals, default 2).
 * All three edit through NumericInput (§5: corrected on blur, exact decimal text) and display
 * with thousands separators; an empty value shows the dash.
 */
import type { Rule } from 'antd/es/form';
import type { DecimalField, IntegerField, MoneyField, NumberFieldBase } from '../../../resources/define';
import { compareDecimal, toDecimal } from '../../lib/decimal';
import { formatNumber } from '../../lib/format';
import { isNumeric } from '../../lib/numeric';
import type { FieldContext, FieldKindSpec } from '../field-kind';
import { defaultFilters, isBlank, labelOf, requiredRules } from '../field-helpers';
import { NumericInput } from '../numeric-input';
import { NumberRangeInput } from '../controls/number-range-input';
import { DiscountRateInput, DiscountRateText } from '../controls/discount-rate';

type NumberField = IntegerField | MoneyField | DecimalField;

/** Decimals a number kind keeps: integers none, money 2, decimals as declared (default 2). */
export function decimalsOf(field: NumberFieldBase<'integer' | 'money' | 'decimal'>): number {
  if (field.kind === 'integer') return 0;
  if (field.kind === 'money') return 2;
  return (field as DecimalField).decimals ?? 2;
}

// The input corrects itself on blur; this rule catches what is submitted without a blur
// (a value set by code) and words the failure like the server does.
function boundsRule(ctx: FieldContext<NumberField>): Rule {
  const { min, max } = ctx.field;
  const label = labelOf(ctx);
  return {
    validator: async (_rule, value: unknown) => {
      if (isBlank(value)) return;
      if (!isNumeric(value)) throw new Error(ctx.t('validation.type', { label }));
      const number = toDecimal(value);
      const low = min === undefined ? null : toDecimal(min);
      const high = max === undefined ? null : toDecimal(max);
      if (number && low && compareDecimal(number, low) < 0) throw new Error(ctx.t('validation.min', { label, min }));
      if (number && high && compareDecimal(number, high) > 0) throw new Error(ctx.t('validation.max', { label, max }));
    },
  };
}

// The API carries numbers as JSON numbers (DESIGN §3); the text is exact up to that point.
function toNumber(value: unknown): number | null {
  if (isBlank(value) || !isNumeric(value)) return null;
  return Number(value);
}

function numberKind<F extends NumberField>(): FieldKindSpec<F> {
  return {
    align: 'right',
    input: (ctx, options) => (
      <NumericInput min={ctx.field.min} max={ctx.field.max} decimals={decimalsOf(ctx.field)} disabled={options.disabled} />
    ),
    cell: (ctx, value) => formatNumber(value as string | number | null | undefined, { decimals: decimalsOf(ctx.field) }),
    filter: (ctx, mode) => {
      const props = { min: ctx.field.min, max: ctx.field.max, decimals: decimalsOf(ctx.field) };
      if (mode === 'range') return <NumberRangeInput {...props} t={ctx.t} label={labelOf(ctx)} />;
      return <NumericInput {...props} allowClear placeholder={labelOf(ctx)} aria-label={labelOf(ctx)} />;
    },
    toFilters: (ctx, mode, value) => {
      if (mode !== 'range' || !Array.isArray(value)) return defaultFilters(ctx, mode, toNumber(value));
      const [from, to] = value.map(toNumber);
      return from === null && to === null ? [] : [{ field: ctx.name, operator: 'between', value: [from, to] }];
    },
    rules: (ctx) => [...requiredRules(ctx), boundsRule(ctx)],
    fromForm: (_ctx, value) => toNumber(value),
  };
}

export const integerKind = numberKind<IntegerField>();
export const moneyKind = numberKind<MoneyField>();
const plainDecimalKind = numberKind<DecimalField>();

/** A decimal, or a discount rate in 折 (`asDiscount`: shown as 折 in Chinese, the percentage paid in English). */
export const decimalKind: FieldKindSpec<DecimalField> = {
  ...plainDecimalKind,
  input: (ctx, options) =>
    ctx.field.asDiscount ? (
      <DiscountRateInput min={ctx.field.min} max={ctx.field.max} decimals={decimalsOf(ctx.field)} disabled={options.disabled} />
    ) : (
      plainDecimalKind.input(ctx, options)
    ),
  cell: (ctx, value, record) => (ctx.field.asDiscount ? <DiscountRateText value={value} /> : plainDecimalKind.cell(ctx, value, record)),
};
