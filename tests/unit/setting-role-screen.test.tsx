// @vitest-environment jsdom
import { act, cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import type { i18n as I18n } from 'i18next';
import { http, HttpResponse } from 'msw';
import { setupServer } from 'msw/node';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import type { PermissionTreeNode } from '../../src/views/setting/shared/authorization-api';
import { buildPermissionTree, checkedKeysOf, permissionsOf } from '../../src/views/setting/role/permission-tree-model';
import RoleScreen from '../../src/views/setting/role-screen';
import { CONFIRM_QUESTION } from '../helpers/generic-harness';
import { toMessageMap } from '../../resources/messages/bilingual';
import { resourceMessages } from '../../resources/resource-messages';
import { valueApprovalSettingResource } from '../../resources/setting/value-approval-setting.resource';
import { API, buttonByText, createTestI18n, dialogByTitle, grant, installDomShims, renderScreen } from '../helpers/screen-harness';

const ok = (data: unknown) => HttpResponse.json({ code: 2000, msg: 'success', data });

const ROLES = [
  { roleId: 10, name: 'Cashier', remark: 'Front desk', userCount: 1, version: 2 },
  { roleId: 11, name: 'Manager', remark: null, userCount: 0, version: 1 },
];

// Action names are made distinct per resource so the test can find each leaf by its text.
const TREE: PermissionTreeNode[] = [
  {
    resourceId: '设置',
    name: 'Settings',
    actions: [],
    children: [
      {
        resourceId: '设置/用户',
        name: 'Users',
        actions: [
          { action: 'view', name: 'View users' },
          { action: 'configure', name: 'Configure users' },
        ],
        children: [],
      },
      {
        resourceId: '设置/角色',
        name: 'Roles',
        actions: [
          { action: 'view', name: 'View roles' },
          { action: 'configure', name: 'Configure roles' },
        ],
        children: [],
      },
    ],
  },
  {
    resourceId: '券',
    name: 'Coupons',
    actions: [],
    children: [
      {
        resourceId: '券/券模板',
        name: 'Coupon templates',
        actions: [
          { action: '券模板查看', name: 'Template view' },
          { action: 'configure', name: 'Template configure' },
        ],
        children: [],
      },
    ],
  },
];

const CASHIER_PERMISSIONS = [
  { resourceId: '设置/用户', actions: ['view'] },
  { resourceId: '券/券模板', actions: ['券模板查看', 'configure'] },
];

let calls: { method: string; path: string; query: Record<string, string>; body: unknown }[] = [];

async function record(request: Request): Promise<void> {
  const url = new URL(request.url);
  const text = request.method === 'GET' ? '' : await request.text();
  calls.push({
    method: request.method,
    path: url.pathname.replace('/loyalty/v1/authorization', ''),
    query: Object.fromEntries(url.searchParams),
    body: text ? JSON.parse(text) : undefined,
  });
}

const AUTH = `${API}/v1/authorization`;
const answer = (method: 'get' | 'post', path: string, data: (url: URL) => unknown) =>
  http[method](`${AUTH}${path}`, async ({ request }) => {
    await record(request);
    return ok(data(new URL(request.url)));
  });

const server = setupServer(
  answer('get', '/listRole', (url) => ROLES.filter((role) => role.name.includes(url.searchParams.get('keyWord') ?? ''))),
  answer('get', '/getTree', () => TREE),
  answer('get', '/getRolePermission', (url) => (url.searchParams.get('roleId') === '10' ? CASHIER_PERMISSIONS : [])),
  answer('get', '/listRoleUser', () => [{ userId: 1, login: 'alice', name: 'Alice Wang' }]),
  answer('post', '/saveRole', () => ({ roleId: 12 })),
  answer('post', '/modifyRole', () => null),
  answer('post', '/deleteRole', () => null),
  answer('post', '/saveRolePermissions', () => null),
  answer('post', '/copyRolePermissions', () => null),
  answer('post', '/deleteUserRole', () => null),
  http.get(`${API}/v1/value-approval-setting/get`, () => ok(APPROVAL_RULE)),
  http.post(`${API}/v1/value-approval-setting/save`, async ({ request }) => {
    savedRules.push((await request.json()) as Record<string, unknown>);
    return ok({ ...APPROVAL_RULE, version: 2 });
  }),
);

/** The merchant's value approval rule as the server answers it (saved once). */
const APPROVAL_RULE = {
  id: 1,
  storedValueThreshold: 10000,
  cardValueThreshold: 5000,
  pointsThreshold: 10000,
  couponValueThreshold: 8000,
  version: 1,
};
let savedRules: Record<string, unknown>[] = [];

const callsTo = (path: string) => calls.filter((call) => call.path === path);

let i18n: I18n;
beforeAll(async () => {
  installDomShims();
  server.listen({ onUnhandledRequest: 'error' });
  i18n = await createTestI18n('en_US');
  // The labels the server derives from the value approval rule's declaration.
  i18n.addResourceBundle('en_US', 'translation', toMessageMap([resourceMessages([valueApprovalSettingResource])], 'en_US'), true, true);
});
beforeEach(() => {
  calls = [];
  grant([{ resourceId: '设置/角色', actions: ['view', 'configure'] }]);
});
afterEach(() => {
  cleanup();
  server.resetHandlers();
  localStorage.clear();
});
afterAll(() => server.close());

async function openScreen() {
  renderScreen(<RoleScreen />, i18n);
  await screen.findByText('Cashier');
}

function rowOf(text: string): HTMLElement {
  return screen.getByText(text).closest('tr') as HTMLElement;
}

/** The checkbox of the permission tree node titled `title`. */
function treeCheckbox(title: string): HTMLElement {
  // A resource without a screen yet carries a "Not available yet" tag after its title.
  const node = screen
    .getByText((_, element) => element?.matches('.ant-tree-title') === true && (element.textContent ?? '').startsWith(title))
    .closest('.ant-tree-treenode');
  const box = node?.querySelector('.ant-tree-checkbox');
  if (!(box instanceof HTMLElement)) throw new Error(`No tree node ${title}`);
  return box;
}

const isChecked = (title: string) => treeCheckbox(title).classList.contains('ant-tree-checkbox-checked');
const isHalfChecked = (title: string) => treeCheckbox(title).classList.contains('ant-tree-checkbox-indeterminate');

async function selectCashier() {
  await openScreen();
  fireEvent.click(screen.getByText('Front desk'));
  await screen.findByText('Template view');
  await waitFor(() => expect(isChecked('View users')).toBe(true));
}

describe('role screen', { timeout: 30_000 }, () => {
  it('lists the roles and searches them by keyWord', async () => {
    await openScreen();
    expect(within(rowOf('Cashier')).getByText('Front desk')).toBeTruthy();
    expect(screen.getByText('Manager')).toBeTruthy();
    expect(screen.getByText('Select a role on the left')).toBeTruthy();
    expect(callsTo('/listRole')[0].query).toEqual({ keyWord: '' });

    fireEvent.change(screen.getByPlaceholderText('Role name'), { target: { value: 'Man' } });
    fireEvent.click(buttonByText('Search'));
    await waitFor(() => expect(screen.queryByText('Cashier')).toBeNull());
    expect(callsTo('/listRole').at(-1)?.query).toEqual({ keyWord: 'Man' });
  });

  it('creates a role with its name and remark', async () => {
    await openScreen();
    fireEvent.click(buttonByText('New role'));
    const form = dialogByTitle('New role');
    fireEvent.change(within(form).getByLabelText('Role name'), { target: { value: ' Auditor ' } });
    fireEvent.change(within(form).getByLabelText('Remark'), { target: { value: 'Reads reports' } });
    fireEvent.click(buttonByText('OK', form));
    await waitFor(() => expect(callsTo('/saveRole')).toHaveLength(1));
    expect(callsTo('/saveRole')[0].body).toEqual({ name: 'Auditor', remark: 'Reads reports' });
    await waitFor(() => expect(callsTo('/listRole').length).toBeGreaterThanOrEqual(2));
  });

  it('shows a 400 field message on the role name', async () => {
    server.use(
      http.post(`${AUTH}/modifyRole`, () =>
        HttpResponse.json(
          {
            code: 4000,
            msg: 'Please correct the highlighted fields',
            data: { fields: [{ field: 'name', msg: 'Role name already exists' }] },
          },
          { status: 400 },
        ),
      ),
    );
    await openScreen();
    fireEvent.click(buttonByText('Edit', rowOf('Cashier')));
    const form = dialogByTitle('Edit role');
    expect((within(form).getByLabelText('Role name') as HTMLInputElement).value).toBe('Cashier');
    fireEvent.change(within(form).getByLabelText('Role name'), { target: { value: 'Manager' } });
    fireEvent.click(buttonByText('OK', form));
    expect(await within(form).findByText('Role name already exists')).toBeTruthy();
  });

  it('asks before deleting a role, then posts deleteRole', async () => {
    await openScreen();
    fireEvent.click(buttonByText('Delete', rowOf('Manager')));
    const question = await screen.findByText('Delete the role Manager?', { selector: CONFIRM_QUESTION });
    expect(callsTo('/deleteRole')).toHaveLength(0);
    const popup = question.closest('.ant-modal-confirm') as HTMLElement;
    await act(async () => {
      fireEvent.click(buttonByText('OK', popup));
    });
    await waitFor(() => expect(callsTo('/deleteRole')).toHaveLength(1));
    expect(callsTo('/deleteRole')[0].query).toEqual({ roleId: '11' });
  });

  it('checks the tree from getRolePermission and saves the checked set', async () => {
    await selectCashier();
    expect(callsTo('/getRolePermission')[0].query).toEqual({ roleId: '10' });
    expect(isChecked('Configure users')).toBe(false);
    expect(isHalfChecked('Users')).toBe(true);
    expect(isChecked('Coupon templates')).toBe(true);
    expect(isChecked('Template configure')).toBe(true);
    expect(isChecked('View roles')).toBe(false);
    expect(buttonByText('Save permissions').disabled).toBe(true);

    fireEvent.click(treeCheckbox('View users'));
    fireEvent.click(treeCheckbox('Configure roles'));
    await waitFor(() => expect(isChecked('Configure roles')).toBe(true));
    expect(screen.getByText('Unsaved changes')).toBeTruthy();
    fireEvent.click(buttonByText('Save permissions'));

    await waitFor(() => expect(callsTo('/saveRolePermissions')).toHaveLength(1));
    expect(callsTo('/saveRolePermissions')[0].body).toEqual({
      roleId: 10,
      permissions: [
        { resourceId: '设置/角色', actions: ['configure'] },
        { resourceId: '券/券模板', actions: ['券模板查看', 'configure'] },
      ],
    });
  });

  it('copies the permissions of another role, then reloads them', async () => {
    await selectCashier();
    fireEvent.click(buttonByText('Copy from a role'));
    const form = dialogByTitle('Copy permissions to Cashier from another role');
    fireEvent.mouseDown(within(form).getByLabelText('Source role'));
    fireEvent.click(await screen.findByTitle('Manager'));
    fireEvent.click(buttonByText('OK', form));
    await waitFor(() => expect(callsTo('/copyRolePermissions')).toHaveLength(1));
    expect(callsTo('/copyRolePermissions')[0].query).toEqual({ fromRoleId: '11', toRoleId: '10' });
    await waitFor(() => expect(callsTo('/getRolePermission')).toHaveLength(2));
  });

  it("lists the role's users and removes one after confirmation", async () => {
    await selectCashier();
    fireEvent.click(screen.getByText('Users (1)'));
    const row = (await screen.findByText('alice')).closest('tr') as HTMLElement;
    expect(callsTo('/listRoleUser')[0].query).toEqual({ roleId: '10' });
    fireEvent.click(buttonByText('Remove', row));
    const question = await screen.findByText('Remove Alice Wang from the role Cashier?', { selector: CONFIRM_QUESTION });
    await act(async () => {
      fireEvent.click(buttonByText('OK', question.closest('.ant-modal-confirm') as HTMLElement));
    });
    await waitFor(() => expect(callsTo('/deleteUserRole')).toHaveLength(1));
    expect(callsTo('/deleteUserRole')[0].query).toEqual({ roleId: '10', userId: '1' });
  });

  it("shows the merchant's value approval rule below the roles, and saves a changed threshold", async () => {
    savedRules = [];
    await openScreen();
    const card = (await screen.findByText('Value approval rule')).closest('.ant-card') as HTMLElement;
    await within(card).findByText('5,000.00');
    // Coupons count as value too: their threshold is one of the rule's.
    expect(within(card).getByText('Coupon value approval threshold (yuan)')).toBeTruthy();
    await within(card).findByText('8,000.00');
    fireEvent.click(within(card).getByText('Edit').closest('button')!);
    const input = (await within(card).findByLabelText('Points approval threshold')) as HTMLInputElement;
    fireEvent.change(input, { target: { value: '20000' } });
    fireEvent.click(within(card).getByText('Save').closest('button')!);
    await waitFor(() => expect(savedRules).toHaveLength(1));
    expect(savedRules[0]).toMatchObject({ pointsThreshold: 20000, version: 1 });
  });

  it('shows the tree read-only and no changing buttons without configure', async () => {
    grant([{ resourceId: '设置/角色', actions: ['view'] }]);
    await selectCashier();
    expect(screen.queryByText('New role')).toBeNull();
    expect(screen.queryByText('Save permissions')).toBeNull();
    expect(screen.queryByText('Delete')).toBeNull();
    expect(treeCheckbox('View users').classList.contains('ant-tree-checkbox-disabled')).toBe(true);
  });
});

describe('permission tree model', () => {
  const model = buildPermissionTree(TREE);

  it('makes every action a leaf and ignores grants the tree does not offer', () => {
    expect(model.actions.size).toBe(6);
    const keys = checkedKeysOf([...CASHIER_PERMISSIONS, { resourceId: '已删除', actions: ['view'] }], model);
    expect(keys).toHaveLength(3);
    expect(permissionsOf(keys, model)).toEqual(CASHIER_PERMISSIONS);
  });

  it('drops resource keys from the saved set', () => {
    expect(permissionsOf(['resource:设置/用户', ...checkedKeysOf([{ resourceId: '设置/角色', actions: ['view'] }], model)], model)).toEqual(
      [{ resourceId: '设置/角色', actions: ['view'] }],
    );
  });
});
