// @vitest-environment jsdom
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { setupServer } from 'msw/node';
import type { i18n as I18n } from 'i18next';
import { RecordDetailPage, RecordFormPage } from '../../src/screens/generic/record-pages';
import { customerGroupResource } from '../../resources/promotion/customer-group.resource';
import { memberTagResource } from '../../resources/promotion/member-tag.resource';
import { memberResource } from '../../resources/member/member.resource';
import { api, buttonNamed, englishI18n, fail, installMatchMedia, ok, renderAt } from '../helpers/generic-harness';

// antd renders slowly under jsdom.
vi.setConfig({ testTimeout: 60_000 });

/**
 * The condition builder (src/fields/widgets/) in the generic form of customer groups: conditions
 * are built with pickers (no JSON), each metric offers only its operators and takes a window
 * where it has one, the estimate follows the conditions, the tree is sent as the language's JSON,
 * a server error on a node's path lands on that node, and the detail reads the conditions as a
 * sentence with the exact count and its time.
 */

const LEVELS = [
  { id: 3, title: 'Gold' },
  { id: 4, title: 'Silver' },
];

const saved = {
  id: 9,
  name: 'Big spenders',
  groupType: 'CONDITIONS',
  description: null,
  rule: JSON.stringify({
    combine: 'and',
    children: [
      { metric: 'spendAmount', operator: 'gt', value: 1000, window: '1m' },
      {
        combine: 'or',
        children: [
          { metric: 'level', operator: 'notIn', value: [3] },
          { metric: 'lastVisitDays', operator: 'gte', value: 30 },
        ],
      },
    ],
  }),
  memberCount: 1234,
  countedAt: '2026-11-29 08:30:00',
  version: 1,
  createdAt: '2026-11-29 08:00:00',
  updatedAt: '2026-11-29 08:00:00',
  createdBy: 'admin',
  updatedBy: 'admin',
};

const server = setupServer();
let i18n: I18n;
const estimates: unknown[] = [];

beforeAll(async () => {
  installMatchMedia();
  server.listen({ onUnhandledRequest: 'error' });
  i18n = await englishI18n([customerGroupResource, memberTagResource, memberResource]);
});
afterEach(() => {
  cleanup();
  server.resetHandlers();
  estimates.length = 0;
});
afterAll(() => server.close());

function serve() {
  server.use(
    api.post('customer-group/query', () => ok({ total: 1, records: [saved] })),
    api.get('customer-group/info/9', () => ok(saved)),
    api.get('level/options', ({ request }) => {
      const ids = new URL(request.url).searchParams.getAll('id');
      return ok(ids.length > 0 ? LEVELS.filter((l) => ids.includes(String(l.id))) : LEVELS);
    }),
    api.post('customer-group/estimate', async ({ request }) => {
      const body = (await request.json()) as { rule: unknown };
      estimates.push(body.rule);
      return ok({ estimate: 42 });
    }),
  );
}

async function openForm(search: string, title: string): Promise<HTMLFormElement> {
  serve();
  renderAt({
    path: `/promotion/user-group/user-group-add${search}`,
    i18n,
    screen: <RecordFormPage resource={customerGroupResource} />,
    resources: [customerGroupResource, memberTagResource],
  });
  const page = (await screen.findByText(title)).closest('.ant-card') as HTMLElement;
  return (await within(page).findByText('Save')).closest('form')!;
}

/** Opens the select named `label` and clicks its option `option`. */
async function choose(container: HTMLElement, label: string, option: string) {
  // The builder loads with the form's first drawing of it (a spinner until then).
  const named = await within(container).findAllByLabelText(label);
  fireEvent.mouseDown(named.find((element) => element.tagName === 'INPUT')!);
  const options = await screen.findAllByTitle(option);
  fireEvent.click(options[options.length - 1]);
}

/** The add form with its name typed, and the bodies it sends. */
async function addForm(name: string): Promise<{ sent: Record<string, unknown>[]; form: HTMLFormElement }> {
  const sent: Record<string, unknown>[] = [];
  server.use(
    api.post('customer-group/saveNew', async ({ request }) => {
      sent.push((await request.json()) as Record<string, unknown>);
      return ok(saved);
    }),
  );
  const form = await openForm('', 'Add customer group');
  fireEvent.change(within(form).getByLabelText('Group name'), { target: { value: name } });
  return { sent, form };
}

const leaves = (form: HTMLElement) => [...form.querySelectorAll('.condition-leaf')] as HTMLElement[];
const optionTexts = () =>
  [...document.querySelectorAll('.ant-select-dropdown:not(.ant-select-dropdown-hidden) .ant-select-item-option')].map((o) => o.textContent);

describe('condition builder in the customer group form', () => {
  it('builds "spent over 1,000 in the last month AND not in level Gold" with pickers, estimates it and sends the tree', async () => {
    const { sent, form } = await addForm('Big spenders');
    // One empty condition to start with; no text area holds JSON.
    expect(form.querySelector('textarea#rule')).toBeNull();
    expect(await within(form).findByText('Complete the conditions to see an estimate')).toBeTruthy();
    await choose(form, 'Metric 1', 'Spend amount');
    // A spend amount is counted over a window (last month first) and compares numbers only.
    await waitFor(() => expect(within(leaves(form)[0]).getByText('Last month')).toBeTruthy());
    fireEvent.mouseDown(
      within(form)
        .getAllByLabelText('Operator 1')
        .find((element) => element.tagName === 'INPUT')!,
    );
    await waitFor(() => expect(optionTexts()).toContain('more than'));
    expect(optionTexts()).not.toContain('is any of');
    expect(optionTexts()).not.toContain('is empty');
    fireEvent.click((await screen.findAllByTitle('more than')).at(-1)!);
    fireEvent.change(within(form).getByLabelText('Value 1'), { target: { value: '1000' } });

    fireEvent.click(buttonNamed(form, 'Add condition'));
    await waitFor(() => expect(leaves(form)).toHaveLength(2));
    await choose(form, 'Metric 2', 'Level');
    // A level has no window; it is compared with levels picked by name.
    await waitFor(() => expect(within(leaves(form)[1]).queryByLabelText('Look-back window 2')).toBeNull());
    await choose(form, 'Operator 2', 'is none of');
    await choose(form, 'Value 2', 'Gold');

    // The estimate follows the finished conditions, without saving.
    expect(await within(form).findByText('Estimated about 42 members')).toBeTruthy();
    const tree = {
      combine: 'and',
      children: [
        { metric: 'spendAmount', operator: 'gt', value: 1000, window: '1m' },
        { metric: 'level', operator: 'notIn', value: [3] },
      ],
    };
    expect(estimates.at(-1)).toEqual(tree);

    fireEvent.click(buttonNamed(form, 'Save'));
    await waitFor(() => expect(sent).toHaveLength(1));
    expect(JSON.parse(String(sent[0].rule))).toEqual(tree);
  });

  it('nests a group and switches it to OR', async () => {
    const { sent, form } = await addForm('Lapsed');
    await choose(form, 'Metric 1', 'Birthday month');
    await choose(form, 'Value 1', 'Month 5');
    fireEvent.click(buttonNamed(form, 'Add group'));
    const inner = await waitFor(() => {
      const found = form.querySelector<HTMLElement>('[data-group="rule.children.1"]');
      expect(found).toBeTruthy();
      return found!;
    });
    fireEvent.click(within(inner).getByText('Any of (OR)'));
    await choose(inner, 'Metric 2.1', 'Member state');
    await choose(inner, 'Operator 2.1', 'is any of');
    await choose(inner, 'Value 2.1', 'In use');
    fireEvent.click(buttonNamed(form, 'Save'));
    await waitFor(() => expect(sent).toHaveLength(1));
    expect(JSON.parse(String(sent[0].rule))).toEqual({
      combine: 'and',
      children: [
        { metric: 'birthdayMonth', operator: 'eq', value: 5 },
        { combine: 'or', children: [{ metric: 'state', operator: 'in', value: ['using'] }] },
      ],
    });
  });

  it('puts a server error naming a node on that condition', async () => {
    server.use(
      api.post('customer-group/modify', () =>
        fail({
          status: 400,
          code: 4000,
          msg: 'Please correct the highlighted fields',
          fields: [{ field: 'rule.children[1].children[1].value', msg: 'The value does not fit the operator' }],
        }),
      ),
    );
    const form = await openForm('?id=9', 'Edit customer group');
    await waitFor(() => expect(leaves(form)).toHaveLength(3));
    fireEvent.click(buttonNamed(form, 'Save'));
    const target = form.querySelector<HTMLElement>('[data-condition="rule.children.1.children.1"]')!;
    expect(await within(target).findByText('The value does not fit the operator')).toBeTruthy();
    for (const other of leaves(form).filter((leaf) => leaf !== target))
      expect(within(other).queryByText('The value does not fit the operator')).toBeNull();
  });
});

describe('condition builder in the tag form', () => {
  it('appears for a system tag only and sends its rule', async () => {
    const sent: Record<string, unknown>[] = [];
    server.use(
      api.post('member-tag/saveNew', async ({ request }) => {
        sent.push((await request.json()) as Record<string, unknown>);
        return ok({ id: 5, name: 'Rich', tagType: 'SYSTEM', version: 1 });
      }),
      api.post('customer-group/estimate', () => ok({ estimate: 7 })),
      // The saved tag's detail, shown after the save.
      api.get('member-tag/info/5', () => ok({ id: 5, name: 'Rich', tagType: 'SYSTEM', rule: null, memberCount: 0, version: 1 })),
    );
    renderAt({
      path: '/promotion/tag-manage/sys-custom-tag-add',
      i18n,
      screen: <RecordFormPage resource={memberTagResource} />,
      resources: [customerGroupResource, memberTagResource],
    });
    const form = (await screen.findByText('Save')).closest('form')!;
    fireEvent.change(within(form).getByLabelText('Tag name'), { target: { value: 'Rich' } });
    // A manual tag has no rule: no builder.
    expect(form.querySelector('.condition-group')).toBeNull();
    await choose(form, 'Tag type', 'System tag');
    await waitFor(() => expect(form.querySelector('.condition-group')).toBeTruthy());
    await choose(form, 'Metric 1', 'Points balance');
    await choose(form, 'Operator 1', 'at least');
    fireEvent.change(within(form).getByLabelText('Value 1'), { target: { value: '500' } });
    expect(await within(form).findByText('Estimated about 7 members')).toBeTruthy();
    fireEvent.click(buttonNamed(form, 'Save'));
    await waitFor(() => expect(sent).toHaveLength(1));
    expect(sent[0].tagType).toBe('SYSTEM');
    expect(JSON.parse(String(sent[0].rule))).toEqual({
      combine: 'and',
      children: [{ metric: 'pointsBalance', operator: 'gte', value: 500 }],
    });
  });
});

/** The detail of customer group 9, as the served answers describe it. */
const renderGroupDetail = () =>
  renderAt({
    path: '/promotion/user-group/user-group-dtl?id=9',
    i18n,
    screen: <RecordDetailPage resource={customerGroupResource} />,
    resources: [customerGroupResource, memberTagResource],
  });

describe('condition builder on the detail', () => {
  it('reads the conditions as a sentence with the exact count and its time', async () => {
    serve();
    renderGroupDetail();
    const text = await screen.findByTestId('condition-text');
    await waitFor(() => expect(text.textContent).toContain('Gold'));
    expect(text.textContent).toContain('Spend amount (Last month) more than 1000');
    expect(text.textContent).toContain('Level is none of Gold');
    expect(text.textContent).toContain('OR');
    expect(within(text).getByTestId('condition-exact').textContent).toBe('Exact count 1,234 members, computed 2026-11-29 08:30:00');
  });

  it("exports the group's members to the file centre from beside the count", async () => {
    serve();
    const started: unknown[] = [];
    server.use(
      api.post('customer-group/members/export', async ({ request }) => {
        started.push(await request.json());
        return ok({ taskId: 77 });
      }),
    );
    renderGroupDetail();
    const text = await screen.findByTestId('condition-text');
    fireEvent.click(within(text).getByRole('button', { name: /Export/ }));
    await waitFor(() => expect(started).toEqual([{ id: 9 }]));
    expect(await screen.findByRole('link', { name: 'Open the file centre' })).toBeTruthy();
  });
});
