// @vitest-environment jsdom
import { act, cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import type { i18n as I18n } from 'i18next';
import { http, HttpResponse } from 'msw';
import { setupServer } from 'msw/node';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import UserScreen from '../../src/views/setting/user-screen';
import {
  API,
  buttonByText,
  checkboxByLabel,
  createTestI18n,
  dialogByTitle,
  grant,
  installDomShims,
  renderScreen,
} from '../helpers/screen-harness';

const ok = (data: unknown) => HttpResponse.json({ code: 2000, msg: 'success', data });

const USERS = [
  {
    id: 1,
    login: 'alice',
    name: 'Alice Wang',
    mobile: '13800000000',
    email: 'alice@example.com',
    enabled: true,
    roles: [{ roleId: 10, name: 'Cashier' }],
    lockedUntil: null,
    version: 1,
  },
  {
    id: 2,
    login: 'bob',
    name: 'Bob Li',
    mobile: null,
    email: null,
    enabled: true,
    roles: [],
    lockedUntil: '2999-01-01 00:00:00',
    version: 3,
  },
];
const ROLES = [
  { roleId: 10, name: 'Cashier', remark: null, userCount: 1, version: 1 },
  { roleId: 11, name: 'Manager', remark: 'Store managers', userCount: 0, version: 1 },
];

/** Every request the screen made, in order. */
let calls: { method: string; path: string; query: Record<string, string>; body: unknown }[] = [];

async function record(request: Request): Promise<void> {
  const url = new URL(request.url);
  const text = request.method === 'GET' ? '' : await request.text();
  calls.push({
    method: request.method,
    path: url.pathname.replace('/loyalty', ''),
    query: Object.fromEntries(url.searchParams),
    body: text ? JSON.parse(text) : undefined,
  });
}

/** A handler that records the call and answers success with `data`. */
const accept = (path: string, data: unknown = null) =>
  http.post(`${API}${path}`, async ({ request }) => {
    await record(request);
    return ok(data);
  });

const server = setupServer(
  accept('/v1/user/query', { total: USERS.length, records: USERS }),
  http.get(`${API}/v1/authorization/listRole`, async ({ request }) => {
    await record(request);
    return ok(ROLES);
  }),
);

const callsTo = (path: string) => calls.filter((call) => call.path === path);

let i18n: I18n;
beforeAll(async () => {
  installDomShims();
  server.listen({ onUnhandledRequest: 'error' });
  i18n = await createTestI18n('en_US');
});
beforeEach(() => {
  calls = [];
  grant([{ resourceId: '设置/用户', actions: ['view', 'configure'] }]);
});
afterEach(() => {
  cleanup();
  server.resetHandlers();
  localStorage.clear();
});
afterAll(() => server.close());

async function openScreen() {
  renderScreen(<UserScreen />, i18n);
  await screen.findByText('alice');
}

function fill(scope: HTMLElement, label: string, value: string) {
  fireEvent.change(within(scope).getByLabelText(label), { target: { value } });
}

function rowOf(text: string): HTMLElement {
  return screen.getByText(text).closest('tr') as HTMLElement;
}

function openCreateForm(): HTMLElement {
  fireEvent.click(buttonByText('New user'));
  return dialogByTitle('New user');
}

describe('user screen', { timeout: 30_000 }, () => {
  it('lists the users the server returns, with roles and the locked status', async () => {
    await openScreen();
    expect(screen.getByText('Alice Wang')).toBeTruthy();
    expect(screen.getByText('bob')).toBeTruthy();
    expect(within(rowOf('alice')).getByText('Cashier')).toBeTruthy();
    expect(within(rowOf('bob')).getByText('Locked')).toBeTruthy();
    expect(screen.getByText('Total 2')).toBeTruthy();
    expect(callsTo('/v1/user/query')[0].body).toEqual({ page: 1, pageSize: 10, filters: {}, sorters: [] });
  });

  it('sends the keyword and the status filter, back on page 1', async () => {
    await openScreen();
    fireEvent.change(screen.getByPlaceholderText('Login, name, mobile or email'), { target: { value: ' ali ' } });
    fireEvent.click(buttonByText('Search'));
    await waitFor(() => expect(callsTo('/v1/user/query')).toHaveLength(2));
    expect(callsTo('/v1/user/query')[1].body).toMatchObject({ page: 1, filters: { keyword: 'ali' } });

    fireEvent.mouseDown(screen.getByLabelText('Status', { selector: 'input' }));
    fireEvent.click(await screen.findByTitle('Disabled'));
    await waitFor(() => expect(callsTo('/v1/user/query')).toHaveLength(3));
    expect(callsTo('/v1/user/query')[2].body).toMatchObject({ filters: { keyword: 'ali', enabled: false } });
  });

  it('creates a user with the entered fields, password and roles', async () => {
    server.use(accept('/v1/user/saveNew', { id: 3 }));
    await openScreen();
    const form = openCreateForm();
    expect(within(form).getByText(/At least 8 characters/)).toBeTruthy();
    fill(form, 'Login', 'carol');
    fill(form, 'Name', 'Carol Zhao');
    fill(form, 'Email', 'carol@example.com');
    fill(form, 'Initial password', 'Secret#2024');
    fill(form, 'Confirm password', 'Secret#2024');
    fireEvent.mouseDown(within(form).getByLabelText('Roles'));
    fireEvent.click(await screen.findByTitle('Manager'));
    fireEvent.click(buttonByText('OK', form));

    await waitFor(() => expect(callsTo('/v1/user/saveNew')).toHaveLength(1));
    expect(callsTo('/v1/user/saveNew')[0].body).toEqual({
      login: 'carol',
      name: 'Carol Zhao',
      email: 'carol@example.com',
      password: 'Secret#2024',
      roleIds: [11],
    });
    await waitFor(() => expect(callsTo('/v1/user/query')).toHaveLength(2));
  });

  it('shows the messages of a 400 answer on their fields and keeps the dialog open', async () => {
    server.use(
      http.post(`${API}/v1/user/saveNew`, () =>
        HttpResponse.json(
          { code: 4000, msg: 'Please correct the highlighted fields', data: { fields: [{ field: 'login', msg: 'Login already exists' }] } },
          { status: 400 },
        ),
      ),
    );
    await openScreen();
    const form = openCreateForm();
    fill(form, 'Login', 'alice');
    fill(form, 'Name', 'Alice again');
    fill(form, 'Initial password', 'Secret#2024');
    fill(form, 'Confirm password', 'Secret#2024');
    fireEvent.click(buttonByText('OK', form));

    const fieldError = await within(form).findByText('Login already exists');
    expect(fieldError.closest('.ant-form-item')?.textContent).toContain('Login');
    expect(form.isConnected).toBe(true);
  });

  it('asks before disabling a user, then posts disable with its id', async () => {
    server.use(accept('/v1/user/disable'));
    await openScreen();
    fireEvent.click(buttonByText(/More/, rowOf('alice')));
    fireEvent.click(await screen.findByText('Disable'));

    const question = await waitFor(() => dialogByTitle('Disable Alice Wang? The user can no longer sign in.'));
    expect(callsTo('/v1/user/disable')).toHaveLength(0);
    await act(async () => {
      fireEvent.click(buttonByText('OK', question));
    });
    await waitFor(() => expect(callsTo('/v1/user/disable')).toHaveLength(1));
    expect(callsTo('/v1/user/disable')[0].query).toEqual({ id: '1' });
  });

  it('replaces the roles of a user from the checkbox list', async () => {
    server.use(accept('/v1/authorization/saveUserRole'));
    await openScreen();
    fireEvent.click(buttonByText('Assign roles', rowOf('alice')));
    const form = dialogByTitle('Roles of Alice Wang');
    await within(form).findByText('Manager');
    expect(checkboxByLabel('Cashier', form).checked).toBe(true);
    fireEvent.click(checkboxByLabel('Manager', form));
    fireEvent.click(buttonByText('OK', form));
    await waitFor(() => expect(callsTo('/v1/authorization/saveUserRole')).toHaveLength(1));
    expect(callsTo('/v1/authorization/saveUserRole')[0].body).toEqual({ userId: 1, roleIds: [10, 11] });
  });

  it('hides the changing buttons from users without configure', async () => {
    grant([{ resourceId: '设置/用户', actions: ['view'] }]);
    await openScreen();
    expect(screen.queryByText('New user')).toBeNull();
    expect(screen.queryByText('Actions')).toBeNull();
    expect(screen.queryByText('Assign roles')).toBeNull();
  });
});
