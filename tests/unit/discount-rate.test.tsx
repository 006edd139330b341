// @vitest-environment jsdom
import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import { cleanup, fireEvent, screen } from '@testing-library/react';
import { Form, type FormInstance } from 'antd';
import i18next, { type i18n as I18n } from 'i18next';
import { I18nextProvider, initReactI18next } from 'react-i18next';
import { render } from '../helpers/antd-styles';
import { installMatchMedia } from '../helpers/generic-harness';
import { DiscountRateInput, DiscountRateText } from '../../src/fields/controls/discount-rate';
import { MESSAGE_BOOKS } from '../../resources/messages/index';
import { toMessageMap, type Locale } from '../../resources/messages/bilingual';
import { couponTemplateResource } from '../../resources/coupons/coupon-template.resource';
import { fieldContext, specOf } from '../../src/fields/field-kinds';

afterEach(cleanup);
beforeAll(installMatchMedia);

async function consoleIn(language: Locale): Promise<I18n> {
  const instance = i18next.createInstance();
  await instance.use(initReactI18next).init({
    lng: language,
    resources: {
      zh_CN: { translation: toMessageMap(MESSAGE_BOOKS, 'zh_CN') },
      en_US: { translation: toMessageMap(MESSAGE_BOOKS, 'en_US') },
    },
    keySeparator: false,
    nsSeparator: false,
    interpolation: { prefix: '{', suffix: '}', escapeValue: false },
  });
  return instance;
}

/** A form holding one discount rate (折, one decimal, 0.1–9.9, as the coupon template declares it). */
function renderRate(args: { readonly i18n: I18n; readonly initial?: number }): { form: () => FormInstance; input: HTMLInputElement } {
  let instance: FormInstance | undefined;
  function Host() {
    const [form] = Form.useForm();
    instance = form;
    return (
      <Form form={form} initialValues={{ rate: args.initial }}>
        <Form.Item name="rate" label="rate">
          <DiscountRateInput min={0.1} max={9.9} decimals={1} />
        </Form.Item>
      </Form>
    );
  }
  render(
    <I18nextProvider i18n={args.i18n}>
      <Host />
    </I18nextProvider>,
  );
  return { form: () => instance!, input: screen.getByLabelText('rate') as HTMLInputElement };
}

describe('a discount rate (折)', () => {
  it('is asked as the percentage paid in English, and kept in 折', async () => {
    const { form, input } = renderRate({ i18n: await consoleIn('en_US'), initial: 9 });
    expect(input.value).toBe('90');
    expect(screen.getByText('% paid')).toBeTruthy();
    fireEvent.change(input, { target: { value: '8' } });
    fireEvent.change(input, { target: { value: '88' } });
    expect(input.value).toBe('88');
    expect(form().getFieldValue('rate')).toBe('8.8');
    // Above the top rate it is brought back to 99 % paid, 9.9 折, when the field is left.
    fireEvent.change(input, { target: { value: '120' } });
    fireEvent.blur(input);
    expect(input.value).toBe('99');
    expect(form().getFieldValue('rate')).toBe('9.9');
  });

  it('follows a value set from outside (a reset, a copy)', async () => {
    const { form, input } = renderRate({ i18n: await consoleIn('en_US') });
    expect(input.value).toBe('');
    form().setFieldsValue({ rate: 7.5 });
    await screen.findByDisplayValue('75');
  });

  it('is asked and kept in 折 in Chinese', async () => {
    const { form, input } = renderRate({ i18n: await consoleIn('zh_CN'), initial: 9 });
    expect(input.value).toBe('9');
    expect(screen.getByText('折')).toBeTruthy();
    fireEvent.change(input, { target: { value: '8.5' } });
    expect(form().getFieldValue('rate')).toBe('8.5');
  });

  it('reads as what the customer pays in both languages', async () => {
    const shown = async (language: Locale, value: unknown) => {
      const view = render(
        <I18nextProvider i18n={await consoleIn(language)}>
          <span data-testid="rate">
            <DiscountRateText value={value} />
          </span>
        </I18nextProvider>,
      );
      const text = screen.getByTestId('rate').textContent;
      view.unmount();
      return text;
    };
    expect(await shown('en_US', 8.5)).toBe('Pays 85%');
    expect(await shown('zh_CN', 8.5)).toBe('8.5折');
    expect(await shown('en_US', 9)).toBe('Pays 90%');
    expect(await shown('en_US', null)).toBe('-');
  });

  it("is how the coupon template's discounts are asked and shown", async () => {
    const english = await consoleIn('en_US');
    for (const name of ['allDiscountRate', 'goodsDiscountRate', 'rfmDiscountRate']) {
      // A line type's rate is a member of the template's one jsonb rule.
      const ctx = fieldContext({ resource: couponTemplateResource, name: `rule.${name}`, t: english.t.bind(english) });
      const spec = specOf(ctx.field.kind);
      const view = render(
        <I18nextProvider i18n={english}>
          <Form initialValues={{ [name]: 8.8 }}>
            <Form.Item name={name} label={name}>
              {spec.input(ctx, {})}
            </Form.Item>
          </Form>
          <span data-testid="cell">{spec.cell(ctx, 8.8, { id: 1, [name]: 8.8 })}</span>
        </I18nextProvider>,
      );
      expect((screen.getByLabelText(name) as HTMLInputElement).value).toBe('88');
      expect(screen.getByTestId('cell').textContent).toBe('Pays 88%');
      view.unmount();
    }
  });
});
