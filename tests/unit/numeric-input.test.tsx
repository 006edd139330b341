// @vitest-environment jsdom
import { describe, it, expect, afterEach, beforeAll } from 'vitest';
import { useState } from 'react';
import { act, cleanup, fireEvent, screen } from '@testing-library/react';
import { render } from '../helpers/antd-styles';
import { Form, type FormInstance } from 'antd';
import { NumericInput } from '../../src/fields/numeric-input';

afterEach(cleanup);

// jsdom has no matchMedia; antd's Form grid subscribes to breakpoints through it. A query that
// never matches is enough here: the layout is not under test.
beforeAll(() => {
  if (typeof window.matchMedia === 'function') return;
  window.matchMedia = (query: string): MediaQueryList => ({
    matches: false,
    media: query,
    onchange: null,
    addListener: () => undefined,
    removeListener: () => undefined,
    addEventListener: () => undefined,
    removeEventListener: () => undefined,
    dispatchEvent: () => false,
  });
});

function Controlled({ onValue }: { onValue: (value: string) => void }) {
  const [value, setValue] = useState('');
  return (
    <NumericInput
      aria-label="amount"
      min={0}
      max={100}
      decimals={2}
      value={value}
      onChange={(next) => {
        setValue(next);
        onValue(next);
      }}
    />
  );
}

describe('NumericInput', () => {
  it('lets the user type freely and fixes the value on blur', () => {
    const seen: string[] = [];
    render(<Controlled onValue={(value) => seen.push(value)} />);
    const input = screen.getByLabelText('amount') as HTMLInputElement;
    fireEvent.change(input, { target: { value: '123.456' } });
    expect(input.value).toBe('123.456');
    fireEvent.blur(input);
    expect(input.value).toBe('100.00');
    expect(seen).toEqual(['123.456', '100.00']);
  });

  it('empties a non-number and raises a value below min', () => {
    render(<Controlled onValue={() => undefined} />);
    const input = screen.getByLabelText('amount') as HTMLInputElement;
    fireEvent.change(input, { target: { value: '12abc' } });
    fireEvent.blur(input);
    expect(input.value).toBe('');
    fireEvent.change(input, { target: { value: '-3' } });
    fireEvent.blur(input);
    expect(input.value).toBe('0.00');
  });

  it('does not emit when blur changes nothing, and still calls the caller’s onBlur', () => {
    const seen: string[] = [];
    let blurs = 0;
    render(<NumericInput aria-label="n" value="5.50" decimals={2} onChange={(v) => seen.push(v)} onBlur={() => (blurs += 1)} />);
    fireEvent.blur(screen.getByLabelText('n'));
    expect(seen).toEqual([]);
    expect(blurs).toBe(1);
  });

  it('works uncontrolled and shows a numeric value as text', () => {
    render(<NumericInput aria-label="free" defaultValue={1.5} decimals={3} />);
    const input = screen.getByLabelText('free') as HTMLInputElement;
    expect(input.value).toBe('1.5');
    fireEvent.blur(input);
    expect(input.value).toBe('1.500');
    fireEvent.change(input, { target: { value: '2.0004' } });
    fireEvent.blur(input);
    expect(input.value).toBe('2.000');
  });

  it('reports the fixed value to an antd form', async () => {
    let form: FormInstance | undefined;
    function Host() {
      const [instance] = Form.useForm();
      form = instance;
      return (
        <Form form={instance}>
          <Form.Item name="points" label="points">
            <NumericInput min={1} max={999} decimals={0} />
          </Form.Item>
        </Form>
      );
    }
    render(<Host />);
    const input = screen.getByLabelText('points') as HTMLInputElement;
    expect(input.value).toBe('');
    await act(async () => {
      fireEvent.change(input, { target: { value: '12.5' } });
    });
    expect(form?.getFieldValue('points')).toBe('12.5');
    await act(async () => {
      fireEvent.blur(input);
    });
    expect(form?.getFieldValue('points')).toBe('13');
    expect(input.value).toBe('13');
    await act(async () => {
      form?.setFieldsValue({ points: 5000 });
    });
    expect(input.value).toBe('5000');
    await act(async () => {
      fireEvent.blur(input);
    });
    expect(form?.getFieldValue('points')).toBe('999');
  });
});
