import { Space } from 'antd';
import type { NumericRules } from '../../lib/numeric';
import type { Translate } from '../field-kind';
import { NumericInput } from '../numeric-input';

/** A `[from, to]` pair of numeric texts; either end may be empty. */
export type NumberRange = readonly [string | undefined, string | undefined];

/** Props of {@link NumberRangeInput}. */
export interface NumberRangeInputProps extends NumericRules {
  /** Current range (antd Form.Item supplies it). */
  readonly value?: NumberRange;
  /** Receives the new range. */
  readonly onChange?: (value: NumberRange) => void;
  /** The field's label, for the accessible names of both ends. */
  readonly label: string;
  readonly t: Translate;
}

/** Two numeric inputs for a `range` filter of a number field. */
export function NumberRangeInput(props: NumberRangeInputProps) {
  const [from, to] = props.value ?? [undefined, undefined];
  const rules = { min: props.min, max: props.max, decimals: props.decimals };
  const fromLabel = `${props.label} ${props.t('screens.rangeFrom')}`;
  const toLabel = `${props.label} ${props.t('screens.rangeTo')}`;
  return (
    <Space.Compact>
      <NumericInput
        {...rules}
        value={from ?? ''}
        placeholder={fromLabel}
        aria-label={fromLabel}
        style={{ width: 110 }}
        onChange={(next) => props.onChange?.([next, to])}
      />
      <NumericInput
        {...rules}
        value={to ?? ''}
        placeholder={toLabel}
        aria-label={toLabel}
        style={{ width: 110 }}
        onChange={(next) => props.onChange?.([from, next])}
      />
    </Space.Compact>
  );
}
