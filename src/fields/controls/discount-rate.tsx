/**
 * A discount rate (`DecimalField.asDiscount`): stored in 折, the tenths of the price the customer
 * pays (8.5 折 = pays 85 %). A Chinese clerk asks and reads 折; an English reader thinks in
 * percentages, and "8.5 tenths" read as "8.5 % off" once turned 88 into 9.9 (issue 25 §6), so
 * English asks and shows the percentage paid. The form keeps the stored 折 in both languages, so
 * switching the language mid-form changes only what is shown.
 */
import { useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { decimalToString, shiftDecimal, toDecimal } from '../../lib/decimal';
import { isNumeric } from '../../lib/numeric';
import { DASH } from '../field-helpers';
import { NumericInput } from '../numeric-input';

/** English shows percentages; Chinese (the stored unit) shows 折. */
function usePercentShown(): boolean {
  const { i18n } = useTranslation();
  return i18n.language !== 'zh_CN';
}

/** Exact 折 -> percent paid (or back with `places` -1); anything not a number is kept as typed. */
function shifted(value: string | number | null | undefined, places: number): string {
  if (value === null || value === undefined || value === '') return '';
  const decimal = isNumeric(value) ? toDecimal(value) : null;
  return decimal ? decimalToString(shiftDecimal(decimal, places)) : String(value);
}

/** Bounds and precision of a 折 field, moved to the percentage scale for English. */
interface RateRules {
  readonly min?: number;
  readonly max?: number;
  /** Decimals kept in 折 (one: 8.5). */
  readonly decimals: number;
}

/** Props of {@link DiscountRateInput}: Form.Item's value pair, plus the field's rules. */
export interface DiscountRateInputProps extends RateRules {
  readonly value?: string | number | null;
  readonly onChange?: (value: string) => void;
  readonly disabled?: boolean;
  readonly id?: string;
}

/** The form input: 折 in Chinese, the percentage paid in English; it always emits 折. */
export function DiscountRateInput(props: DiscountRateInputProps): ReactNode {
  const { value, onChange, min, max, decimals, ...rest } = props;
  const { t } = useTranslation();
  const percent = usePercentShown();
  // The typed percentage is kept as typed ("8" then "85"); a value set from outside (a reset, a
  // fill, the record loading) replaces it.
  const [typed, setTyped] = useState(() => shifted(value, 1));
  const [seen, setSeen] = useState(value);
  if (seen !== value) {
    setSeen(value);
    if (shifted(typed, -1) !== String(value ?? '')) setTyped(shifted(value, 1));
  }
  if (!percent) {
    return (
      <NumericInput
        {...rest}
        value={value}
        onChange={onChange}
        min={min}
        max={max}
        decimals={decimals}
        suffix={t('screens.discount.unit')}
      />
    );
  }
  const emit = (text: string): void => {
    setTyped(text);
    const stored = shifted(text, -1);
    setSeen(stored);
    onChange?.(stored);
  };
  return (
    <NumericInput
      {...rest}
      value={typed}
      onChange={emit}
      min={min === undefined ? undefined : min * 10}
      max={max === undefined ? undefined : max * 10}
      decimals={Math.max(0, decimals - 1)}
      suffix={t('screens.discount.unit')}
    />
  );
}

/** A list cell or detail value: "8.5折" in Chinese, "Pays 85%" in English; empty shows the dash. */
export function DiscountRateText({ value }: { readonly value: unknown }): ReactNode {
  const { t } = useTranslation();
  if (value === null || value === undefined || value === '' || !isNumeric(value)) return DASH;
  const rate = shifted(value as string | number, 0);
  return t('screens.discount.shown', { rate, percent: shifted(rate, 1) });
}
