// @vitest-environment jsdom
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { setupServer } from 'msw/node';
import type { i18n as I18n } from 'i18next';
import { cardTemplateResource } from '../../resources/deposit/card-template.resource';
import { levelMaterialResource } from '../../resources/member/level-material.resource';
import { fillSlots, inSentence, toMessageMap } from '../../resources/messages/bilingual';
import { MESSAGE_BOOKS } from '../../resources/messages/index';
import { resourceMessages } from '../../resources/resource-messages';
import { ResourceList } from '../../src/screens/generic/list-screen';
import { screenComponent } from '../../src/screens/generic/screen-factory';
import { useLocation } from 'react-router-dom';
import type { ReactNode } from 'react';
import { screenTitle } from '../../src/shell/screen-title';
import { searchPermissionTree, HIDDEN_NODE_CLASS } from '../../src/views/setting/role/permission-tree-model';
import { RESOURCES } from '../../resources/index';
import { CATALOG, catalogMessages } from '../../resources/catalog/index';
import { api, buttonNamed, englishI18n, gadget, gadgetResource, installMatchMedia, ok, renderAt } from '../helpers/generic-harness';

/**
 * Issue "a console a new user can try", items 7, 8 and 10 in the generic screens: a changed form
 * asks before it is discarded, a routed form's save says so after it has left, titles say add or
 * edit as the url does, and English reads as English (plurals, sentence case).
 */
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

async function openAddDrawer(): Promise<HTMLElement> {
  server.use(api.post('gadget/query', () => ok({ total: 1, records: [gadget()] })));
  renderAt({ path: '/datum/store/store?view=add', i18n, screen: <ResourceList resource={gadgetResource} /> });
  const drawer = (await screen.findByText('Add gadget')).closest('.ant-drawer-content') as HTMLElement;
  await within(drawer).findByText('Save');
  return drawer;
}

const confirmDialog = () => document.querySelector('.ant-modal-confirm') as HTMLElement | null;

describe('discarding a form', () => {
  it('closes an untouched drawer at once', async () => {
    const drawer = await openAddDrawer();
    fireEvent.click(buttonNamed(drawer, 'Cancel'));
    await waitFor(() => expect(screen.getByTestId('location').textContent).toBe('/datum/store/store'));
    expect(confirmDialog()).toBeNull();
  });

  it('asks before closing a changed drawer; keeping edits keeps it open, discarding closes it', async () => {
    const drawer = await openAddDrawer();
    fireEvent.change(within(drawer).getByLabelText('Name'), { target: { value: 'Half typed' } });
    fireEvent.keyDown(drawer, { key: 'Escape', code: 'Escape', keyCode: 27 });
    fireEvent.click(buttonNamed(drawer, 'Cancel'));
    const dialog = await waitFor(() => {
      const found = confirmDialog();
      if (!found) throw new Error('no confirmation yet');
      return found;
    });
    // One question, however many ways the user tried to close.
    expect(document.querySelectorAll('.ant-modal-confirm').length).toBe(1);
    expect(within(dialog).getAllByText('Discard unsaved changes?').length).toBeGreaterThan(0);
    fireEvent.click(buttonNamed(dialog, 'Keep editing'));
    await waitFor(() => expect(confirmDialog()).toBeNull());
    expect(screen.getByTestId('location').textContent).toBe('/datum/store/store?view=add');
    expect((within(drawer).getByLabelText('Name') as HTMLInputElement).value).toBe('Half typed');

    fireEvent.click(buttonNamed(drawer, 'Cancel'));
    const again = await waitFor(() => {
      const found = confirmDialog();
      if (!found) throw new Error('no confirmation yet');
      return found;
    });
    fireEvent.click(buttonNamed(again, 'Discard'));
    await waitFor(() => expect(screen.getByTestId('location').textContent).toBe('/datum/store/store'));
  });
});

/** Shows the add screen only at its own path, as the router does. */
function LeavingScreen(props: { readonly add: ReactNode }) {
  const { pathname } = useLocation();
  return pathname.endsWith('store-add') ? props.add : null;
}

describe('saving a routed form', () => {
  it("says it saved after the form has made way for the saved record's detail", async () => {
    const routed = { ...gadgetResource, name: 'gadget', route: { ...gadgetResource.route, screens: { list: 'store', add: 'store-add' } } };
    server.use(api.post('gadget/saveNew', () => ok(gadget())));
    // The screen the router mounts for the add view; it unmounts when the save leaves it.
    const AddScreen = screenComponent(routed, 'add');
    renderAt({ path: '/datum/store/store-add', i18n, screen: <LeavingScreen add={<AddScreen />} /> });
    const form = (await screen.findByText('Save')).closest('form')!;
    fireEvent.change(within(form).getByLabelText('Code'), { target: { value: 'G9' } });
    fireEvent.change(within(form).getByLabelText('Name'), { target: { value: 'Nine' } });
    fireEvent.change(within(form).getByLabelText('Price'), { target: { value: '9' } });
    fireEvent.click(buttonNamed(form, 'Save'));
    // The detail of this resource opens in a drawer over its list.
    await waitFor(() => expect(screen.getByTestId('location').textContent).toBe('/datum/store/store?view=dtl&id=1'));
    expect(await screen.findByText('Saved')).toBeTruthy();
  });
});

describe('titles of form screens', () => {
  const t = (key: string, values?: Record<string, unknown>) =>
    fillSlots(
      toMessageMap([...MESSAGE_BOOKS, resourceMessages(RESOURCES), catalogMessages()], 'en_US')[key] ?? key,
      values as Record<string, string>,
    );

  it('name no two screens of a menu entry alike, in either language', () => {
    for (const locale of ['zh_CN', 'en_US'] as const) {
      const book = toMessageMap([...MESSAGE_BOOKS, resourceMessages(RESOURCES), catalogMessages()], locale);
      const say = (key: string, values?: Record<string, unknown>) => fillSlots(book[key] ?? key, values as Record<string, string>);
      const alike: string[] = [];
      for (const group of CATALOG) {
        for (const entry of group.entries) {
          const seen = new Map<string, string>();
          for (const { name } of entry.screens) {
            const title = screenTitle({ ref: { group: group.group, entry: entry.entry, screen: name }, search: '', t: say });
            const before = seen.get(title);
            if (before !== undefined) alike.push(`${group.group}/${entry.entry}: ${before} and ${name} are both "${title}"`);
            seen.set(title, name);
          }
        }
      }
      expect(alike).toEqual([]);
    }
  });

  it('say edit with an id and add without, whatever the catalogue screen is called', () => {
    const card = { group: 'deposit', entry: 'prepay-card-tpl', screen: 'prepay-card-tpl-edit' } as const;
    expect(screenTitle({ ref: card, search: '', t })).toBe('Add card template');
    expect(screenTitle({ ref: card, search: '?id=7', t })).toBe('Edit card template');
    const material = { group: 'member', entry: 'level-material', screen: levelMaterialResource.route.screens.add! } as const;
    expect(screenTitle({ ref: material, search: '?id=3', t })).toMatch(/^Edit level material/);
    const batch = { group: 'member', entry: 'batch-operate', screen: 'edit' } as const;
    expect(screenTitle({ ref: batch, search: '', t })).toBe('Add batch operation');
    const level = { group: 'member', entry: 'level', screen: 'free-level-add' } as const;
    expect(screenTitle({ ref: level, search: '', t })).toBe('New free level');
    expect(screenTitle({ ref: level, search: '?id=2', t })).toMatch(/^Edit membership level/);
    // A screen that is no form keeps its catalogue title.
    expect(screenTitle({ ref: { group: 'deposit', entry: 'prepay-card-tpl', screen: 'prepay-card-tpl' }, search: '?id=7', t })).toBe(
      'Card templates',
    );
    expect(cardTemplateResource.route.screens.add).toBe(card.screen);
  });
});

describe('English wording', () => {
  it('counts by i18next plural rules: 1 row, 2 rows; Chinese has one form', async () => {
    expect(i18n.t('files.importDone', { count: 1 })).toBe('Imported 1 row');
    expect(i18n.t('files.importDone', { count: 2 })).toBe('Imported 2 rows');
    expect(i18n.t('files.importFailed', { count: 1 })).toBe('Import failed: 1 row is invalid; nothing was imported');
    expect(i18n.t('screens.lines.count', { count: 1 })).toBe('1 line');
    const zh = i18n.cloneInstance({ lng: 'zh_CN' });
    zh.addResourceBundle('zh_CN', 'translation', toMessageMap(MESSAGE_BOOKS, 'zh_CN'));
    await zh.changeLanguage('zh_CN');
    expect(zh.t('files.importDone', { count: 1 })).toBe('导入成功，共 1 条');
  });

  it('writes labels inside a sentence in sentence case, keeping acronyms and names', () => {
    expect(i18n.t('screens.addTitle', { name: 'Card template' })).toBe('Add card template');
    expect(i18n.t('screens.editTitle', { name: 'Membership level' })).toBe('Edit membership level');
    expect(i18n.t('screens.keywordPlaceholder', { fields: 'Name / Code' })).toBe('Search by name / code');
    expect(i18n.t('files.importTitle', { title: 'Employee' })).toBe('Import employee');
    expect(inSentence('WeChat membership card')).toBe('WeChat membership card');
    expect(inSentence('QR code ID')).toBe('QR code ID');
    expect(inSentence('卡模板')).toBe('卡模板');
  });
});

describe('role editor search', () => {
  const tree = [
    {
      key: 'resource:会员',
      title: 'Members',
      children: [
        { key: 'resource:会员/标准会员', title: 'Standard members', children: [{ key: 'a1', title: 'View', isLeaf: true }] },
        { key: 'resource:会员/等级', title: 'Levels', children: [{ key: 'a2', title: 'Configure', isLeaf: true }] },
      ],
    },
  ];

  it('shows the matching nodes with their ancestors opened and hides, but keeps, the rest', () => {
    const found = searchPermissionTree(tree, 'level');
    const members = found.treeData[0];
    expect(members.className).toBeUndefined();
    expect(members.children?.[0].className).toBe(HIDDEN_NODE_CLASS);
    expect(members.children?.[1].className).toBeUndefined();
    // Everything below a match is shown.
    expect(members.children?.[1].children?.[0].className).toBeUndefined();
    expect(found.expandedKeys).toContain('resource:会员');
    expect(searchPermissionTree(tree, '  ').treeData).toEqual(tree);
  });
});

describe('the keyboard in the generic screens', () => {
  it('names the select-all checkbox of a list in the console language', async () => {
    server.use(api.post('gadget/query', () => ok({ total: 1, records: [gadget()] })));
    renderAt({ path: '/datum/store/store', i18n, screen: <ResourceList resource={gadgetResource} /> });
    await screen.findByText('Widget A');
    const header = document.querySelector('thead .ant-checkbox-input') as HTMLInputElement;
    expect(header.getAttribute('aria-label')).toBe('Select all on this page');
  });
});
