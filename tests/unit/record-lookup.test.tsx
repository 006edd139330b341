// @vitest-environment jsdom
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { cleanup, fireEvent, screen, waitFor } from '@testing-library/react';
import { render } from '../helpers/antd-styles';
import { setupServer } from 'msw/node';
import type { i18n as I18n } from 'i18next';
import { I18nextProvider } from 'react-i18next';
import { Form, type FormInstance } from 'antd';
import { RESOURCES } from '../../resources/index';
import { couponWriteOffResource } from '../../resources/coupons/coupon-write-off.resource';
import { prepayCardPayResource } from '../../resources/deposit/prepay-card-pay.resource';
import { scoreAdjustResource } from '../../resources/score/score-adjust.resource';
import { fieldContext, specOf } from '../../src/fields/field-kinds';
import { api, englishI18n, installMatchMedia, ok } from '../helpers/generic-harness';

/**
 * Document lines that look up what is typed (issue 25, item 1): a text naming a record (a
 * write-off line's coupon code) is looked up as typed and shows the record's card, fills the
 * line's defaults from it and gets an error on the line when no usable record holds it; a
 * relation shows the chosen record's card and its picker asks only for the records the save
 * accepts; lines show their running totals.
 */

vi.setConfig({ testTimeout: 60_000 });

const server = setupServer();
let i18n: I18n;

beforeAll(async () => {
  installMatchMedia();
  server.listen({ onUnhandledRequest: 'error' });
  i18n = await englishI18n(RESOURCES);
});
afterEach(() => {
  cleanup();
  server.resetHandlers();
});
afterAll(() => server.close());

const t = (key: string, values?: Record<string, unknown>) => String(i18n.t(key, (values ?? {}) as never));

const COUPONS: Record<string, unknown> = {
  LOOK20A: {
    id: 31,
    title: 'LOOK20A',
    card: { state: 'UNUSED', template: null, member: null, faceValue: 20, validTo: '2027-01-31 23:59:59' },
  },
  USEDLOOK1: {
    id: 32,
    title: 'USEDLOOK1',
    card: { state: 'USED', template: null, member: null, faceValue: 5, validTo: '2027-01-31 23:59:59' },
  },
};

/** Draws a form holding the resource's lines and waits for the editor (it loads when first drawn). */
async function renderLines(args: {
  resource: typeof couponWriteOffResource | typeof prepayCardPayResource | typeof scoreAdjustResource;
  lines: unknown[];
}) {
  let form: FormInstance | undefined;
  function Bed() {
    const [own] = Form.useForm();
    form = own;
    return (
      <Form form={own} initialValues={{ lines: args.lines }}>
        {specOf('lines').input(fieldContext({ resource: args.resource, name: 'lines', t }), {})}
      </Form>
    );
  }
  render(
    <I18nextProvider i18n={i18n}>
      <Bed />
    </I18nextProvider>,
  );
  await screen.findByRole('button', { name: t('screens.lines.add') });
  return () => form!;
}

function typeInto(input: HTMLElement, value: string) {
  fireEvent.change(input, { target: { value } });
}

describe('a write-off line’s coupon code', () => {
  it('shows the coupon it names before the save, fills the discount with its face value and totals the lines', async () => {
    server.use(
      api.get('coupon/options', ({ request }) => ok([COUPONS[new URL(request.url).searchParams.get('title') ?? '']].filter(Boolean))),
    );
    const form = await renderLines({ resource: couponWriteOffResource, lines: [{}] });
    const code = document.querySelector<HTMLInputElement>('input#lines_0_code')!;
    typeInto(code, 'look20a');
    // Typed in any case, kept in capitals as codes are printed.
    expect(code.value).toBe('LOOK20A');
    const card = await screen.findByRole('note', { name: 'About LOOK20A' });
    expect(card.textContent).toContain('Unused');
    expect(card.textContent).toContain('20.00');
    await waitFor(() => expect(form().getFieldValue(['lines', 0, 'discount'])).toBe(20));
    const totals = document.querySelector('.console-line-totals')!;
    await waitFor(() => expect(totals.querySelector('[data-total="discount"]')!.textContent).toContain('20.00'));
    expect(totals.textContent).toContain('1 line');
  });

  it('gets an error on the line when no coupon holds the code, or when the coupon cannot be used', async () => {
    server.use(
      api.get('coupon/options', ({ request }) => ok([COUPONS[new URL(request.url).searchParams.get('title') ?? '']].filter(Boolean))),
    );
    await renderLines({ resource: couponWriteOffResource, lines: [{}, {}] });
    typeInto(document.querySelector<HTMLInputElement>('input#lines_0_code')!, 'BADCODE123');
    typeInto(document.querySelector<HTMLInputElement>('input#lines_1_code')!, 'USEDLOOK1');
    expect(await screen.findByText('Coupon code "BADCODE123" does not exist')).toBeTruthy();
    expect(await screen.findByText('Coupon code "USEDLOOK1" is Used and cannot be used')).toBeTruthy();
  });
});

describe('a top-up line’s card', () => {
  it('offers only the cards the top-up accepts and shows the chosen card’s state and balance', async () => {
    const asked: URLSearchParams[] = [];
    const card = { id: 7, title: 'PC0000000007', card: { state: 'ACTIVATED', balance: 120.5, validTo: '2027-06-30', member: null } };
    server.use(
      api.get('prepay-card/options', ({ request }) => {
        asked.push(new URL(request.url).searchParams);
        return ok([card]);
      }),
    );
    await renderLines({ resource: prepayCardPayResource, lines: [{}] });
    fireEvent.mouseDown(document.querySelector<HTMLInputElement>('input#lines_0_card')!);
    fireEvent.click(await screen.findByText('PC0000000007'));
    expect(asked[0].get('field')).toBe('state');
    expect(asked[0].getAll('in')).toEqual(['ACTIVATED', 'USED_UP']);
    const shown = await screen.findByRole('note', { name: 'About PC0000000007' });
    expect(shown.textContent).toContain('Activated');
    expect(shown.textContent).toContain('120.50');
    expect(shown.textContent).toContain('2027-06-30');
  });
});

describe('an adjustment line’s reason picker', () => {
  it('tells whether each reason adds or deducts', async () => {
    server.use(
      api.get('score-adjust-reason/options', () =>
        ok([
          { id: 1, title: '活动补偿', card: { direction: 'increase' } },
          { id: 2, title: '违规扣回', card: { direction: 'decrease' } },
        ]),
      ),
    );
    await renderLines({ resource: scoreAdjustResource, lines: [{}] });
    fireEvent.mouseDown(document.querySelector<HTMLInputElement>('input#lines_0_reason')!);
    expect(await screen.findByText('Increase')).toBeTruthy();
    expect(screen.getByText('Decrease')).toBeTruthy();
  });
});
