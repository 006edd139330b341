/**
 * The numeric input of the specification (§5): free typing, corrected on blur. Built on antd
 * `Input` rather than `InputNumber` because InputNumber holds a float (1.005 is not exact) and
 * corrects on its own terms; here the value stays a decimal string end to end.
 */
import { forwardRef, useState, type ChangeEvent, type FocusEvent } from 'react';
import { Input, type InputProps, type InputRef } from 'antd';
import { fixNumericOnBlur, type NumericRules } from '../lib/numeric';

/** Props of {@link NumericInput}; everything else goes through to antd `Input`. */
export interface NumericInputProps extends Omit<InputProps, 'value' | 'defaultValue' | 'onChange' | 'min' | 'max'>, NumericRules {
  /** Current value. A number (as the API sends it) is shown as its decimal text. */
  value?: string | number | null;
  /** Starting value when the input is uncontrolled. */
  defaultValue?: string | number | null;
  /** Receives the text while typing and the corrected text after blur. */
  onChange?: (value: string) => void;
}

function asText(value: string | number | null | undefined): string {
  return value === null || value === undefined ? '' : String(value);
}

/**
 * A text input for decimals that applies `fixNumericOnBlur` (min, max, decimals) when it loses
 * focus and reports the corrected string through `onChange`. Works controlled, uncontrolled and
 * inside an antd `Form.Item` (which supplies `value` and `onChange`).
 */
export const NumericInput = forwardRef<InputRef, NumericInputProps>(function NumericInput(props, ref) {
  const { value, defaultValue, onChange, onBlur, min, max, decimals, ...rest } = props;
  const [ownText, setOwnText] = useState(() => asText(defaultValue));
  // Form.Item always passes a `value` key, undefined until the field is set, so the key's
  // presence (not its value) is what makes the input controlled.
  const controlled = 'value' in props;
  const text = controlled ? asText(value) : ownText;

  const emit = (next: string): void => {
    if (!controlled) setOwnText(next);
    onChange?.(next);
  };

  const handleChange = (event: ChangeEvent<HTMLInputElement>): void => emit(event.target.value);

  const handleBlur = (event: FocusEvent<HTMLInputElement>): void => {
    const fixed = fixNumericOnBlur(text, { min, max, decimals });
    // Only a real correction is emitted, so merely visiting the field does not make a form dirty.
    if (fixed !== text) emit(fixed);
    onBlur?.(event);
  };

  return <Input inputMode="decimal" {...rest} ref={ref} value={text} onChange={handleChange} onBlur={handleBlur} />;
});
