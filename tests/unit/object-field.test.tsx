// @vitest-environment jsdom
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { setupServer } from 'msw/node';
import type { i18n as I18n } from 'i18next';
import { ResourceList } from '../../src/screens/generic/list-screen';
import { defineResource, field } from '../../resources/define';
import { api, buttonNamed, englishI18n, fail, installMatchMedia, ok, renderAt } from '../helpers/generic-harness';

// antd renders slowly under jsdom.
vi.setConfig({ testTimeout: 60_000 });

/**
 * The `object` kind in the generic form and detail: its members are rendered by their own
 * kinds' renderers (a money input, an enum select, a lines table for the tiers inside the
 * object), a server error on a nested path (`rule.tiers[1].points`) lands on that input, and a
 * `secret` is shown masked and sent back unchanged.
 */

const ruleSet = defineResource({
  name: 'rule-set',
  table: 'rule_sets',
  title: ['规则集', 'Rule set'],
  route: { group: 'datum', entry: 'store', screens: { list: 'store' } },
  access: { read: ['资料查看'], write: '配置维护' },
  scope: 'tenant',
  fields: {
    name: field.text({ label: ['名称', 'Name'], required: true }),
    apiKey: field.secret({ label: ['接口密钥', 'API key'] }),
    rule: field.object({
      label: ['规则', 'Rule'],
      fields: {
        threshold: field.money({ label: ['门槛', 'Threshold'], required: true, min: 0 }),
        kind: field.enum({ label: ['方式', 'Kind'], options: { FIXED: { label: ['固定', 'Fixed'] }, RATE: { label: ['比例', 'Rate'] } } }),
        brand: field.relation({ label: ['品牌', 'Brand'], resource: 'brand' }),
        tiers: field.lines({
          label: ['档位', 'Tiers'],
          fields: {
            points: field.integer({ label: ['积分', 'Points'], required: true, min: 1 }),
            minAmount: field.money({ label: ['最低金额', 'Minimum amount'], min: 0 }),
          },
        }),
      },
    }),
  },
  titleField: 'name',
  // A relation member as a list column, read along its path.
  list: { columns: ['name', 'rule.brand'], defaultSort: { field: 'name', order: 'asc' } },
});

const record = {
  id: 1,
  name: 'Spring',
  apiKey: '••••WXYZ',
  rule: {
    threshold: 100.5,
    kind: 'RATE',
    brand: 7,
    tiers: [
      { points: 10, minAmount: 0 },
      { points: 20, minAmount: 50 },
    ],
  },
  // The names of what the record points at, a relation member's under its path.
  _titles: { 'rule.brand': { '7': 'Spring Water' } },
  version: 2,
  createdAt: '2024-05-01 10:00:00',
  updatedAt: '2024-05-02 11:00:00',
  createdBy: 'admin',
  updatedBy: 'admin',
};

/** An object whose members follow a sibling member: a validity's dates for its fixed mode, its days for the relative one. */
const validitySet = defineResource({
  name: 'validity-set',
  table: 'validity_sets',
  title: ['有效期集', 'Validity set'],
  route: { group: 'datum', entry: 'area', screens: { list: 'area' } },
  access: { read: ['资料查看'], write: '配置维护' },
  scope: 'tenant',
  fields: {
    name: field.text({ label: ['名称', 'Name'], required: true }),
    validity: field.object({
      label: ['有效期', 'Validity'],
      fields: {
        mode: field.enum({
          label: ['方式', 'Mode'],
          options: { FIXED: { label: ['固定', 'Fixed dates'] }, RELATIVE: { label: ['相对', 'Days after receipt'] } },
          defaultValue: 'RELATIVE',
        }),
        dates: field.dateRange({ label: ['日期', 'Valid dates'], required: true, when: { field: 'mode', in: ['FIXED'] } }),
        days: field.integer({ label: ['天数', 'Valid for (days)'], when: { field: 'mode', in: ['RELATIVE'] } }),
      },
    }),
  },
  titleField: 'name',
  list: { defaultSort: { field: 'name', order: 'asc' } },
});

const server = setupServer();
let i18n: I18n;

beforeAll(async () => {
  installMatchMedia();
  server.listen({ onUnhandledRequest: 'error' });
  i18n = await englishI18n([ruleSet, validitySet]);
});
afterEach(() => {
  cleanup();
  server.resetHandlers();
});
afterAll(() => server.close());

async function openDrawer(search: string, title: string): Promise<HTMLElement> {
  server.use(
    api.post('rule-set/query', () => ok({ total: 1, records: [record] })),
    api.get('rule-set/info/1', () => ok(record)),
  );
  renderAt({ path: `/datum/store/store${search}`, i18n, screen: <ResourceList resource={ruleSet} />, resources: [ruleSet] });
  return (await screen.findByText(title)).closest('.ant-drawer-content') as HTMLElement;
}

const tierRows = (form: HTMLElement) => [...form.querySelectorAll('.ant-table-tbody tr.ant-table-row')] as HTMLElement[];

describe('object field in the generic form', () => {
  it('renders the members and the nested tiers with the generic renderers and sends the object back', async () => {
    const sent: Record<string, unknown>[] = [];
    server.use(
      api.post('rule-set/modify', async ({ request }) => {
        sent.push((await request.json()) as Record<string, unknown>);
        return ok(record);
      }),
    );
    const drawer = await openDrawer('?view=edit&id=1', 'Edit rule set');
    const form = (await within(drawer).findByText('Save')).closest('form')!;
    // The money member is a numeric input holding the stored amount; the enum member a select.
    await waitFor(() => expect((within(form).getByLabelText('Threshold') as HTMLInputElement).value).toBe('100.5'));
    expect(within(form).getByText('Rate', { selector: '.ant-select-selection-item' })).toBeTruthy();
    // The relation member's picker names the chosen record from the record's names (no lookup).
    expect(within(form).getByText('Spring Water', { selector: '.ant-select-selection-item' })).toBeTruthy();
    // The tiers inside the object: a lines table with one row per tier, one input per cell.
    expect(within(form).getByText('Tiers', { selector: 'label' })).toBeTruthy();
    // (The lines' editor loads when first drawn.)
    await waitFor(() => expect(tierRows(form)).toHaveLength(2));
    const rows = tierRows(form);
    const points = rows.map((row) => row.querySelector('input') as HTMLInputElement);
    expect(points.map((input) => input.value)).toEqual(['10', '20']);
    // The secret shows its mask in a password input.
    expect((within(form).getByLabelText('API key') as HTMLInputElement).type).toBe('password');
    fireEvent.change(points[1], { target: { value: '25' } });
    fireEvent.blur(points[1]);
    fireEvent.click(buttonNamed(form, 'Save'));
    await waitFor(() => expect(sent).toHaveLength(1));
    expect(sent[0]).toMatchObject({
      id: 1,
      version: 2,
      apiKey: '••••WXYZ',
      rule: {
        threshold: 100.5,
        kind: 'RATE',
        brand: 7,
        tiers: [
          { points: 10, minAmount: 0 },
          { points: 25, minAmount: 50 },
        ],
      },
    });
  });

  it('shows a server error on a nested path at that input', async () => {
    server.use(
      api.post('rule-set/modify', () =>
        fail({
          status: 400,
          code: 4000,
          msg: 'Please correct the highlighted fields',
          fields: [
            { field: 'rule.tiers[1].points', msg: 'Rule Tiers 2 Points must be at least 1' },
            { field: 'rule.threshold', msg: 'Rule Threshold is too high' },
          ],
        }),
      ),
    );
    const drawer = await openDrawer('?view=edit&id=1', 'Edit rule set');
    const form = (await within(drawer).findByText('Save')).closest('form')!;
    await waitFor(() => expect(tierRows(form)).toHaveLength(2));
    fireEvent.click(buttonNamed(form, 'Save'));
    const rows = tierRows(form);
    expect(await within(rows[1]).findByText('Rule Tiers 2 Points must be at least 1')).toBeTruthy();
    expect(within(rows[0]).queryByText('Rule Tiers 2 Points must be at least 1')).toBeNull();
    const threshold = within(form).getByLabelText('Threshold').closest('.ant-form-item') as HTMLElement;
    expect(within(threshold).getByText('Rule Threshold is too high')).toBeTruthy();
  });
});

describe('object field on the detail page', () => {
  it('shows each member with its kind display and the tiers as a table; the secret as its mask', async () => {
    const drawer = await openDrawer('?view=dtl&id=1', 'Threshold');
    expect(within(drawer).getByText('100.50')).toBeTruthy();
    expect(within(drawer).getAllByText('Rate').length).toBeGreaterThan(0);
    // The tiers' header (the table scrolls inside the drawer; antd's hidden measure row repeats it).
    expect(await within(drawer).findByRole('columnheader', { name: 'Points' })).toBeTruthy();
    expect(within(drawer).getByText('20')).toBeTruthy();
    expect(within(drawer).getByText('••••WXYZ')).toBeTruthy();
    // A relation member shows its record's name, not its id (no lookup: MSW refuses any other request).
    expect(within(drawer).getByText('Spring Water')).toBeTruthy();
  });
});

describe('object member as a list column', () => {
  it("shows a relation member's record by name", async () => {
    server.use(api.post('rule-set/query', () => ok({ total: 1, records: [record] })));
    renderAt({ path: '/datum/store/store', i18n, screen: <ResourceList resource={ruleSet} />, resources: [ruleSet] });
    const cell = await screen.findByText('Spring Water');
    expect(cell.closest('td')).toBeTruthy();
    expect(screen.queryByText('7')).toBeNull();
  });
});

describe('object members following a sibling member', () => {
  const fixed = { id: 1, name: 'Summer', validity: { mode: 'FIXED', dates: ['2026-06-01', '2026-06-30'] }, version: 1 };

  it('shows in the form and on the detail page the members the object’s own mode applies', async () => {
    server.use(
      api.post('validity-set/query', () => ok({ total: 1, records: [fixed] })),
      api.get('validity-set/info/1', () => ok(fixed)),
    );
    renderAt({ path: '/datum/area/area?view=edit&id=1', i18n, screen: <ResourceList resource={validitySet} />, resources: [validitySet] });
    const drawer = (await screen.findByText('Edit validity set')).closest('.ant-drawer-content') as HTMLElement;
    const form = (await within(drawer).findByText('Save')).closest('form')!;
    await waitFor(() => expect(within(form).getByText('Fixed dates', { selector: '.ant-select-selection-item' })).toBeTruthy());
    expect(within(form).getByText('Valid dates', { selector: 'label' })).toBeTruthy();
    expect(within(form).queryByText('Valid for (days)')).toBeNull();
    cleanup();
    server.use(api.get('validity-set/info/1', () => ok({ ...fixed, validity: { mode: 'RELATIVE', days: 7 } })));
    renderAt({ path: '/datum/area/area?view=dtl&id=1', i18n, screen: <ResourceList resource={validitySet} />, resources: [validitySet] });
    expect(await screen.findByText('Valid for (days)')).toBeTruthy();
    expect(screen.queryByText('Valid dates')).toBeNull();
  });

  it('starts a new record with the members’ declared defaults, and sends them', async () => {
    const sent: Record<string, unknown>[] = [];
    server.use(
      api.post('validity-set/query', () => ok({ total: 0, records: [] })),
      api.post('validity-set/saveNew', async ({ request }) => {
        sent.push((await request.json()) as Record<string, unknown>);
        return ok({ ...fixed, id: 2 });
      }),
    );
    renderAt({ path: '/datum/area/area?view=add', i18n, screen: <ResourceList resource={validitySet} />, resources: [validitySet] });
    const drawer = (await screen.findByText('Add validity set')).closest('.ant-drawer-content') as HTMLElement;
    const form = (await within(drawer).findByText('Save')).closest('form')!;
    // The mode's default is chosen, so the member it applies is offered at once.
    await waitFor(() => expect(within(form).getByText('Days after receipt', { selector: '.ant-select-selection-item' })).toBeTruthy());
    expect(within(form).getByText('Valid for (days)', { selector: 'label' })).toBeTruthy();
    fireEvent.change(within(form).getByLabelText('Name'), { target: { value: 'Default' } });
    fireEvent.click(buttonNamed(form, 'Save'));
    await waitFor(() => expect(sent).toHaveLength(1));
    expect(sent[0]).toMatchObject({ name: 'Default', validity: { mode: 'RELATIVE' } });
  });
});
