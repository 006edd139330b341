// @vitest-environment jsdom
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { setupServer } from 'msw/node';
import type { i18n as I18n } from 'i18next';
import { ResourceList } from '../../src/screens/generic/list-screen';
import { RecordFormPage } from '../../src/screens/generic/record-pages';
import { defineResource, field } from '../../resources/define';
import {
  api, buttonNamed, englishI18n, fail, gadget, gadgetResource, installMatchMedia, ok, renderAt,
} from '../helpers/generic-harness';

// antd renders slowly under jsdom.
vi.setConfig({ testTimeout: 60_000 });

const server = setupServer();
let i18n: I18n;

beforeAll(async () => {
  installMatchMedia();
  server.listen({ onUnhandledRequest: 'error' });
  i18n = await englishI18n();
});
afterEach(() => {
  cleanup();
  server.resetHandlers();
});
afterAll(() => server.close());

function answerList() {
  server.use(api.post('gadget/query', () => ok({ total: 1, records: [gadget()] })));
}

/** Opens the list with a drawer view and returns the drawer's form. */
async function openDrawer(search: string, title: string): Promise<HTMLElement> {
  answerList();
  renderAt({ path: `/datum/store/store${search}`, i18n, screen: <ResourceList resource={gadgetResource} /> });
  const drawer = (await screen.findByText(title)).closest('.ant-drawer-content') as HTMLElement;
  return (await within(drawer).findByText('Save')).closest('form')!;
}

const itemOf = (form: HTMLElement, label: string) => within(form).getByText(label, { selector: 'label' }).closest('.ant-form-item') as HTMLElement;
const inputOf = (form: HTMLElement, label: string) => within(form).getByLabelText(label) as HTMLInputElement;

describe('generic form', () => {
  it('checks required fields before anything is sent', async () => {
    const sent: unknown[] = [];
    server.use(api.post('gadget/saveNew', async ({ request }) => {
      sent.push(await request.json());
      return ok(gadget());
    }));
    const form = await openDrawer('?view=add', 'Add Gadget');
    fireEvent.click(buttonNamed(form, 'Save'));
    await within(itemOf(form, 'Code')).findByText('Code is required');
    expect(within(itemOf(form, 'Name')).getByText('Name is required')).toBeTruthy();
    expect(within(itemOf(form, 'Price')).getByText('Price is required')).toBeTruthy();
    // Declared default: a new gadget is active.
    expect(within(form).getByRole('switch').getAttribute('aria-checked')).toBe('true');
    expect(sent).toEqual([]);
  });

  it('fixes numbers on blur (min, max, decimals) and sends them as numbers', async () => {
    const sent: Record<string, unknown>[] = [];
    server.use(api.post('gadget/saveNew', async ({ request }) => {
      sent.push((await request.json()) as Record<string, unknown>);
      return ok(gadget());
    }));
    const form = await openDrawer('?view=add', 'Add Gadget');
    fireEvent.change(inputOf(form, 'Code'), { target: { value: 'G009' } });
    fireEvent.change(inputOf(form, 'Name'), { target: { value: 'New one' } });
    const price = inputOf(form, 'Price');
    fireEvent.change(price, { target: { value: '5000' } });
    fireEvent.blur(price);
    expect(price.value).toBe('1000.00');
    fireEvent.change(price, { target: { value: '12.345' } });
    fireEvent.blur(price);
    expect(price.value).toBe('12.35');
    const qty = inputOf(form, 'Quantity');
    fireEvent.change(qty, { target: { value: '0' } });
    fireEvent.blur(qty);
    expect(qty.value).toBe('1');
    fireEvent.change(qty, { target: { value: 'abc' } });
    fireEvent.blur(qty);
    expect(qty.value).toBe('');
    fireEvent.change(qty, { target: { value: '7' } });
    fireEvent.click(buttonNamed(form, 'Save'));
    await waitFor(() => expect(sent).toHaveLength(1));
    expect(sent[0]).toMatchObject({ code: 'G009', name: 'New one', price: 12.35, qty: 7, active: true, remark: null });
    // Server-managed fields are never sent.
    expect(sent[0]).not.toHaveProperty('state');
    // Saving closes the drawer.
    await waitFor(() => expect(screen.getByTestId('location').textContent).toBe('/datum/store/store'));
  });

  it('shows the server field errors of a 400 on their fields', async () => {
    server.use(api.post('gadget/saveNew', () => fail({
      status: 400, code: 4000, msg: 'Please correct the highlighted fields', fields: [{ field: 'code', msg: 'Code already exists' }],
    })));
    const form = await openDrawer('?view=add', 'Add Gadget');
    fireEvent.change(inputOf(form, 'Code'), { target: { value: 'G001' } });
    fireEvent.change(inputOf(form, 'Name'), { target: { value: 'Dup' } });
    fireEvent.change(inputOf(form, 'Price'), { target: { value: '1' } });
    fireEvent.click(buttonNamed(form, 'Save'));
    expect(await within(itemOf(form, 'Code')).findByText('Code already exists')).toBeTruthy();
    expect(screen.getByTestId('location').textContent).toBe('/datum/store/store?view=add');
  });

  it('edits with the record version, keeps read-only fields out, and explains a 409', async () => {
    const sent: Record<string, unknown>[] = [];
    server.use(
      api.get('gadget/info/1', () => ok(gadget())),
      api.post('gadget/modify', async ({ request }) => {
        sent.push((await request.json()) as Record<string, unknown>);
        return fail({ status: 409, code: 4090, msg: 'The record was changed by someone else; reload and try again' });
      }),
    );
    const form = await openDrawer('?view=edit&id=1', 'Edit Gadget');
    await waitFor(() => expect(inputOf(form, 'Name').value).toBe('Widget A'));
    expect(inputOf(form, 'Code').disabled).toBe(true);
    expect(inputOf(form, 'Price').value).toBe('1234.5');
    fireEvent.change(inputOf(form, 'Name'), { target: { value: 'Widget A2' } });
    fireEvent.change(inputOf(form, 'Price'), { target: { value: '99' } });
    fireEvent.click(buttonNamed(form, 'Save'));
    await waitFor(() => expect(sent).toHaveLength(1));
    expect(sent[0]).toMatchObject({ id: 1, version: 3, name: 'Widget A2', price: 99 });
    expect(sent[0]).not.toHaveProperty('code');
    const alert = (await within(form).findByText('The record was changed by someone else; reload and try again')).closest('.ant-alert')!;
    expect(buttonNamed(alert, 'Reload')).toBeTruthy();
  });

  it('routes add and edit to their own screen when the declaration has one', async () => {
    const routed = defineResource({
      ...gadgetResource,
      name: 'routed',
      route: { group: 'deposit', entry: 'prepay-card-tpl', screens: { list: 'prepay-card-tpl', add: 'prepay-card-tpl-edit', dtl: 'prepay-card-tpl-dtl' } },
      fields: { name: field.text({ label: ['名称', 'Name'], required: true }) },
      states: undefined,
      list: { defaultSort: { field: 'name', order: 'asc' } },
    });
    const i18nRouted = await englishI18n([routed]);
    server.use(api.get('routed/info/5', () => ok({ id: 5, name: 'Five', version: 1 })));
    renderAt({
      path: '/deposit/prepay-card-tpl/prepay-card-tpl-edit?id=5',
      i18n: i18nRouted,
      screen: <RecordFormPage resource={routed} />,
      resources: [routed],
    });
    expect(await screen.findByText('Edit Gadget')).toBeTruthy();
    const form = (await screen.findByText('Save')).closest('form')!;
    await waitFor(() => expect(inputOf(form, 'Name').value).toBe('Five'));
    fireEvent.click(buttonNamed(form, 'Cancel'));
    expect(screen.getByTestId('location').textContent).toBe('/deposit/prepay-card-tpl/prepay-card-tpl');
  });
});
