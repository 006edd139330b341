// @vitest-environment jsdom
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { setupServer } from 'msw/node';
import type { i18n as I18n } from 'i18next';
import { ResourceList } from '../../src/screens/generic/list-screen';
import { RecordFormPage } from '../../src/screens/generic/record-pages';
import { defineResource, field } from '../../resources/define';
import { api, buttonNamed, englishI18n, fail, gadget, gadgetResource, installMatchMedia, ok, renderAt } from '../helpers/generic-harness';

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

const itemOf = (form: HTMLElement, label: string) =>
  within(form).getByText(label, { selector: 'label' }).closest('.ant-form-item') as HTMLElement;
const inputOf = (form: HTMLElement, label: string) => within(form).getByLabelText(label) as HTMLInputElement;

describe('generic form', () => {
  it('checks required fields before anything is sent', async () => {
    const sent: unknown[] = [];
    server.use(
      api.post('gadget/saveNew', async ({ request }) => {
        sent.push(await request.json());
        return ok(gadget());
      }),
    );
    const form = await openDrawer('?view=add', 'Add gadget');
    fireEvent.click(buttonNamed(form, 'Save'));
    await within(itemOf(form, 'Code')).findByText('Code is required');
    expect(within(itemOf(form, 'Name')).getByText('Name is required')).toBeTruthy();
    expect(within(itemOf(form, 'Price')).getByText('Price is required')).toBeTruthy();
    // Declared default: a new gadget is active (the switch loads with its first drawing).
    expect((await within(form).findByRole('switch')).getAttribute('aria-checked')).toBe('true');
    expect(sent).toEqual([]);
  });

  it('fixes numbers on blur (min, max, decimals) and sends them as numbers', async () => {
    const sent: Record<string, unknown>[] = [];
    server.use(
      api.post('gadget/saveNew', async ({ request }) => {
        sent.push((await request.json()) as Record<string, unknown>);
        return ok(gadget());
      }),
    );
    const form = await openDrawer('?view=add', 'Add gadget');
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

  it('shows the server field errors of a 400 on their fields, and drops its message once a retry saves', async () => {
    let attempts = 0;
    server.use(
      api.post('gadget/saveNew', () =>
        ++attempts === 1
          ? fail({
              status: 400,
              code: 4000,
              msg: 'Please correct the highlighted fields',
              fields: [{ field: 'code', msg: 'Code already exists' }],
            })
          : ok(gadget({ code: 'G002' })),
      ),
    );
    const form = await openDrawer('?view=add', 'Add gadget');
    fireEvent.change(inputOf(form, 'Code'), { target: { value: 'G001' } });
    fireEvent.change(inputOf(form, 'Name'), { target: { value: 'Dup' } });
    fireEvent.change(inputOf(form, 'Price'), { target: { value: '1' } });
    fireEvent.click(buttonNamed(form, 'Save'));
    expect(await within(itemOf(form, 'Code')).findByText('Code already exists')).toBeTruthy();
    expect(screen.getByTestId('location').textContent).toBe('/datum/store/store?view=add');
    expect((await screen.findAllByText('Please correct the highlighted fields')).length).toBeGreaterThan(0);
    // Corrected and saved: "Saved" replaces the message that asked for the correction.
    fireEvent.change(inputOf(form, 'Code'), { target: { value: 'G002' } });
    fireEvent.click(buttonNamed(form, 'Save'));
    expect(await screen.findByText('Saved')).toBeTruthy();
    // Gone with the save, not only when its few seconds on screen are up.
    expect(screen.queryByText('Please correct the highlighted fields')).toBeNull();
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
    const form = await openDrawer('?view=edit&id=1', 'Edit gadget');
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
      route: {
        group: 'deposit',
        entry: 'prepay-card-tpl',
        screens: { list: 'prepay-card-tpl', add: 'prepay-card-tpl-edit', dtl: 'prepay-card-tpl-dtl' },
      },
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
    expect(await screen.findByText('Edit gadget')).toBeTruthy();
    const form = (await screen.findByText('Save')).closest('form')!;
    await waitFor(() => expect(inputOf(form, 'Name').value).toBe('Five'));
    fireEvent.click(buttonNamed(form, 'Cancel'));
    expect(screen.getByTestId('location').textContent).toBe('/deposit/prepay-card-tpl/prepay-card-tpl');
  });
});

/** An offer: its kind and a switch decide which fields apply; a published offer keeps its budget. */
const offerResource = defineResource({
  name: 'offer',
  table: 'offers',
  title: ['优惠', 'Offer'],
  route: { group: 'datum', entry: 'store', screens: { list: 'store' } },
  access: { read: ['资料查看'], write: '配置维护' },
  scope: 'tenant',
  fields: {
    name: field.text({ label: ['名称', 'Name'], required: true }),
    kind: field.enum({
      label: ['类型', 'Kind'],
      required: true,
      defaultValue: 'DISCOUNT',
      options: { DISCOUNT: { label: ['折扣', 'Discount'] }, POINTS: { label: ['积分', 'Bonus points'] } },
    }),
    rate: field.decimal({ label: ['折扣率', 'Rate'], required: true, when: { field: 'kind', in: ['DISCOUNT'] }, min: 0.1, max: 1 }),
    points: field.integer({ label: ['积分', 'Points'], required: true, when: { field: 'kind', in: ['POINTS'] }, min: 1, defaultValue: 10 }),
    hasGift: field.boolean({ label: ['有赠品', 'With a gift'], defaultValue: false }),
    giftName: field.text({ label: ['赠品名称', 'Gift name'], required: true }),
    budget: field.money({ label: ['预算', 'Budget'], min: 0, editableIn: ['DRAFT'] }),
    state: field.enum({
      label: ['状态', 'State'],
      serverManaged: true,
      options: { DRAFT: { label: ['草稿', 'Draft'] }, PUBLISHED: { label: ['已发布', 'Published'], color: 'green' } },
    }),
  },
  titleField: 'name',
  list: { defaultSort: { field: 'name', order: 'asc' } },
  form: [
    { key: 'main', title: ['基本信息', 'Basics'], fields: ['name', 'kind', 'rate', 'points', 'hasGift', 'budget'] },
    { key: 'gift', title: ['赠品', 'Gift section'], fields: ['giftName'], when: { field: 'hasGift', in: [true] } },
  ],
  states: { field: 'state', initial: 'DRAFT', actions: { publish: { label: ['发布', 'Publish'], from: ['DRAFT'], to: 'PUBLISHED' } } },
});

function offer(overrides: Record<string, unknown> = {}): Record<string, unknown> {
  return {
    id: 1,
    name: 'Spring',
    kind: 'DISCOUNT',
    rate: 0.8,
    points: null,
    hasGift: false,
    giftName: null,
    budget: 100,
    state: 'PUBLISHED',
    version: 2,
    createdAt: '2024-05-01 10:00:00',
    updatedAt: '2024-05-02 11:00:00',
    createdBy: 'admin',
    updatedBy: 'admin',
    ...overrides,
  };
}

describe('generic form: field rules', () => {
  let offerI18n: I18n;
  beforeAll(async () => {
    offerI18n = await englishI18n([offerResource]);
  });

  /** Opens the offer list with a drawer view; returns the drawer. */
  async function openOffer(search: string, title: string): Promise<HTMLElement> {
    server.use(api.post('offer/query', () => ok({ total: 1, records: [offer()] })));
    renderAt({
      path: `/datum/store/store${search}`,
      i18n: offerI18n,
      screen: <ResourceList resource={offerResource} />,
      resources: [offerResource],
    });
    return (await screen.findByText(title)).closest('.ant-drawer-content') as HTMLElement;
  }
  const labelIn = (container: HTMLElement, label: string) => within(container).queryByText(label, { selector: 'label' });

  it('shows, requires and sends a conditional field only where it applies, with its default when it comes back', async () => {
    const sent: Record<string, unknown>[] = [];
    server.use(
      api.post('offer/saveNew', async ({ request }) => {
        sent.push((await request.json()) as Record<string, unknown>);
        return ok(offer({ state: 'DRAFT' }));
      }),
    );
    const drawer = await openOffer('?view=add', 'Add offer');
    const form = (await within(drawer).findByText('Save')).closest('form')!;
    // A discount: its rate is asked for (and required), the points and the gift are not.
    expect(labelIn(form, 'Rate')).toBeTruthy();
    expect(labelIn(form, 'Points')).toBeNull();
    expect(labelIn(form, 'Gift name')).toBeNull();
    expect(within(form).queryByText('Gift section')).toBeNull();
    fireEvent.change(inputOf(form, 'Name'), { target: { value: 'Autumn' } });
    fireEvent.click(buttonNamed(form, 'Save'));
    await within(itemOf(form, 'Rate')).findByText('Rate is required');
    expect(sent).toEqual([]);

    // Bonus points instead: the rate goes, the points come with their declared default.
    fireEvent.mouseDown(within(form).getByLabelText('Kind'));
    fireEvent.click(await screen.findByTitle('Bonus points'));
    await waitFor(() => expect(labelIn(form, 'Rate')).toBeNull());
    await waitFor(() => expect(inputOf(form, 'Points').value).toBe('10'));
    fireEvent.click(buttonNamed(form, 'Save'));
    await waitFor(() => expect(sent).toHaveLength(1));
    expect(sent[0]).toEqual({ name: 'Autumn', kind: 'POINTS', rate: null, points: 10, hasGift: false, giftName: null, budget: null });
  });

  it('shows a section only while it applies, and empties its fields when it stops applying', async () => {
    const sent: Record<string, unknown>[] = [];
    server.use(
      api.post('offer/saveNew', async ({ request }) => {
        sent.push((await request.json()) as Record<string, unknown>);
        return ok(offer({ state: 'DRAFT' }));
      }),
    );
    const drawer = await openOffer('?view=add', 'Add offer');
    const form = (await within(drawer).findByText('Save')).closest('form')!;
    fireEvent.change(inputOf(form, 'Name'), { target: { value: 'Winter' } });
    fireEvent.change(inputOf(form, 'Rate'), { target: { value: '0.9' } });
    // A gift: its section appears, and its name is required there (the switch loads with its first drawing).
    fireEvent.click(await within(form).findByRole('switch'));
    expect(await within(form).findByText('Gift section')).toBeTruthy();
    fireEvent.click(buttonNamed(form, 'Save'));
    await within(itemOf(form, 'Gift name')).findByText('Gift name is required');
    fireEvent.change(inputOf(form, 'Gift name'), { target: { value: 'Mug' } });
    // No gift after all: the name is hidden and emptied (turning the gift on again shows it empty).
    fireEvent.click(within(form).getByRole('switch'));
    await waitFor(() => expect(labelIn(form, 'Gift name')).toBeNull());
    fireEvent.click(within(form).getByRole('switch'));
    await waitFor(() => expect(inputOf(form, 'Gift name').value).toBe(''));
    fireEvent.click(within(form).getByRole('switch'));
    await waitFor(() => expect(labelIn(form, 'Gift name')).toBeNull());
    fireEvent.click(buttonNamed(form, 'Save'));
    await waitFor(() => expect(sent).toHaveLength(1));
    expect(sent[0]).toEqual({ name: 'Winter', kind: 'DISCOUNT', rate: 0.9, points: null, hasGift: false, giftName: null, budget: null });
    // Many renders of a whole form: more time than the file's default under a loaded machine.
  }, 120_000);

  it('keeps a field its state locks read-only on edit, and leaves it out of the change', async () => {
    const sent: Record<string, unknown>[] = [];
    server.use(
      api.get('offer/info/1', () => ok(offer())),
      api.post('offer/modify', async ({ request }) => {
        sent.push((await request.json()) as Record<string, unknown>);
        return ok(offer());
      }),
    );
    const drawer = await openOffer('?view=edit&id=1', 'Edit offer');
    const form = (await within(drawer).findByText('Save')).closest('form')!;
    await waitFor(() => expect(inputOf(form, 'Name').value).toBe('Spring'));
    expect(inputOf(form, 'Budget').disabled).toBe(true);
    expect(inputOf(form, 'Name').disabled).toBe(false);
    expect(inputOf(form, 'Rate').value).toBe('0.8');
    fireEvent.change(inputOf(form, 'Name'), { target: { value: 'Spring sale' } });
    fireEvent.click(buttonNamed(form, 'Save'));
    await waitFor(() => expect(sent).toHaveLength(1));
    expect(sent[0]).toMatchObject({ id: 1, version: 2, name: 'Spring sale', kind: 'DISCOUNT', rate: 0.8, points: null, giftName: null });
    expect(sent[0]).not.toHaveProperty('budget');
  });

  it('shows on the detail only the fields that apply to the record', async () => {
    server.use(api.get('offer/info/1', () => ok(offer())));
    const drawer = await openOffer('?view=dtl&id=1', 'Offer details');
    expect(await within(drawer).findByText('Rate')).toBeTruthy();
    expect(within(drawer).queryByText('Points')).toBeNull();
    expect(within(drawer).queryByText('Gift name')).toBeNull();
    expect(within(drawer).queryByText('Gift section')).toBeNull();
    expect(within(drawer).getByText('Budget')).toBeTruthy();
  });
});
