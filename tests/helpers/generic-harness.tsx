/**
 * Test bed of the generic screens: a small resource declared here, the real message books plus
 * its derived keys (English), refine with the real data provider, MSW answering the resource
 * endpoints, a memory router so `?view=` drawers and routed views work, and the shell's feedback
 * bridge (the HTTP client's messages render inside the tree, and go with it).
 */
import { Refine, type AccessControlProvider } from '@refinedev/core';
import { slotsOf, type DomainManifest } from '../../src/screens/manifest';
import { ScreenSlotsContext } from '../../src/screens/generic/screen-slots';
import routerBindings from '@refinedev/react-router-v6';
import { App as AntdApp } from 'antd';
import { AntdScopeProvider } from '../../src/components/antd-scope';
import i18next, { type i18n as I18n } from 'i18next';
import { http as mock, HttpResponse } from 'msw';
import type { ReactNode } from 'react';
import { I18nextProvider, initReactI18next } from 'react-i18next';
import { MemoryRouter, Route, Routes, useLocation } from 'react-router-dom';
import { configure } from '@testing-library/react';
import { render } from './antd-styles';
import { dataProvider } from '../../providers/data';
import { FeedbackBridge } from '../../src/shell/feedback-bridge';
import { addFormats } from '../../providers/i18n';
import { defineResource, field, type ResourceDef } from '../../resources/define';
import { toMessageMap } from '../../resources/messages/bilingual';
import { MESSAGE_BOOKS } from '../../resources/messages/index';
import { resourceMessages } from '../../resources/resource-messages';
import { refineResources } from '../../src/screens/resource-screens';

/** A document-like resource exercising most field kinds, opened in drawers over its list. */
export const gadgetResource = defineResource({
  name: 'gadget',
  table: 'gadgets',
  title: ['小部件', 'Gadget'],
  route: { group: 'datum', entry: 'store', screens: { list: 'store' } },
  access: { read: ['资料查看'], write: '配置维护' },
  scope: 'tenant',
  fields: {
    code: field.text({
      label: ['编码', 'Code'],
      required: true,
      maxLength: 10,
      searchable: true,
      filter: 'prefix',
      sortable: true,
      readOnlyAfterCreate: true,
    }),
    name: field.text({ label: ['名称', 'Name'], required: true, searchable: true, filter: 'contains', sortable: true }),
    price: field.money({ label: ['价格', 'Price'], required: true, min: 0, max: 1000, filter: 'range', sortable: true }),
    qty: field.integer({ label: ['数量', 'Quantity'], min: 1, max: 99 }),
    kind: field.enum({
      label: ['类别', 'Kind'],
      options: { A: { label: ['甲', 'Alpha'], color: 'green' }, B: { label: ['乙', 'Beta'], color: 'red' } },
      filter: 'in',
    }),
    active: field.boolean({ label: ['启用', 'Active'], filter: 'eq', defaultValue: true }),
    state: field.enum({
      label: ['状态', 'State'],
      options: {
        INITIAL: { label: ['未审核', 'Not audited'], color: 'orange' },
        EFFECTED: { label: ['已审核', 'Audited'], color: 'green' },
      },
      serverManaged: true,
    }),
    remark: field.longText({ label: ['备注', 'Remarks'], maxLength: 200 }),
  },
  titleField: 'name',
  list: { defaultSort: { field: 'code', order: 'asc' } },
  states: {
    field: 'state',
    initial: 'INITIAL',
    editableIn: ['INITIAL'],
    deletableIn: ['INITIAL'],
    actions: {
      audit: { label: ['审核', 'Audit'], from: ['INITIAL'], to: 'EFFECTED', confirm: ['确定审核“{title}”吗？', 'Audit {title}?'] },
      reopen: { label: ['反审核', 'Reopen'], from: ['EFFECTED'], to: 'INITIAL' },
    },
  },
});

/** A tree resource (parents by id). */
export const nodeResource = defineResource({
  name: 'node',
  table: 'nodes',
  title: ['节点', 'Node'],
  route: { group: 'datum', entry: 'area', screens: { list: 'area' } },
  access: { read: ['资料查看'], write: '配置维护' },
  scope: 'tenant',
  fields: {
    parent: field.tree({ label: ['上级', 'Parent'] }),
    name: field.text({ label: ['名称', 'Name'], required: true }),
  },
  titleField: 'name',
  treeField: 'parent',
  list: { defaultSort: { field: 'name', order: 'asc' } },
});

/** A record of the gadget resource as the server sends it. */
export function gadget(overrides: Record<string, unknown> = {}): Record<string, unknown> {
  return {
    id: 1,
    code: 'G001',
    name: 'Widget A',
    price: 1234.5,
    qty: 3,
    kind: 'A',
    active: true,
    state: 'INITIAL',
    remark: null,
    version: 3,
    createdAt: '2024-05-01 10:00:00',
    updatedAt: '2024-05-02 11:00:00',
    createdBy: 'admin',
    updatedBy: 'admin',
    ...overrides,
  };
}

/** The success envelope. */
export function ok(data: unknown) {
  return HttpResponse.json({ code: 2000, msg: 'success', data });
}

/** An error envelope with its HTTP status. */
export function fail(args: { status: number; code: number; msg: string; fields?: { field: string; msg: string }[] }) {
  return HttpResponse.json({ code: args.code, msg: args.msg, data: args.fields ? { fields: args.fields } : null }, { status: args.status });
}

/** MSW route of a resource endpoint (`*\/loyalty/v1/<resource>/<rest>`). */
export const api = {
  post: (path: string, resolver: Parameters<typeof mock.post>[1]) => mock.post(`*/loyalty/v1/${path}`, resolver),
  get: (path: string, resolver: Parameters<typeof mock.get>[1]) => mock.get(`*/loyalty/v1/${path}`, resolver),
};

/** An English i18next instance with every product book and the test resources' derived keys. */
export async function englishI18n(resources: readonly ResourceDef[] = [gadgetResource, nodeResource]): Promise<I18n> {
  const instance = i18next.createInstance();
  await instance.use(initReactI18next).init({
    lng: 'en_US',
    resources: { en_US: { translation: toMessageMap([...MESSAGE_BOOKS, resourceMessages(resources)], 'en_US') } },
    keySeparator: false,
    nsSeparator: false,
    interpolation: { prefix: '{', suffix: '}', escapeValue: false },
  });
  addFormats(instance);
  return instance;
}

/** The path and query the router is at (rendered for assertions). */
function WhereAmI() {
  const location = useLocation();
  return <output data-testid="location">{`${location.pathname}${location.search}`}</output>;
}

/** Renders a screen at a path inside refine, i18n, antd App and a memory router. */
export function renderAt(args: {
  readonly path: string;
  readonly i18n: I18n;
  readonly screen: ReactNode;
  readonly accessControl?: AccessControlProvider;
  readonly resources?: readonly ResourceDef[];
  /** The domain manifests whose slots the screen shows (default none, not the app's). */
  readonly manifests?: readonly DomainManifest[];
}) {
  return render(
    <MemoryRouter initialEntries={[args.path]}>
      <I18nextProvider i18n={args.i18n}>
        <AntdScopeProvider>
          <AntdApp>
            <FeedbackBridge />
            <Refine
              dataProvider={dataProvider}
              routerProvider={routerBindings}
              accessControlProvider={args.accessControl}
              resources={refineResources(args.resources ?? [gadgetResource, nodeResource])}
              options={{ disableTelemetry: true, reactQuery: { clientConfig: { defaultOptions: { queries: { retry: false } } } } }}
            >
              <Routes>
                <Route
                  path="*"
                  element={
                    <ScreenSlotsContext.Provider value={slotsOf(args.manifests ?? [])}>
                      {args.screen}
                      <WhereAmI />
                    </ScreenSlotsContext.Provider>
                  }
                />
              </Routes>
            </Refine>
          </AntdApp>
        </AntdScopeProvider>
      </I18nextProvider>
    </MemoryRouter>,
  );
}

/**
 * The buttons inside `container` whose text is `name`. Faster than `getByRole`, which computes
 * styles for the whole (large) antd tree on every query.
 */
export function buttonsNamed(container: ParentNode, name: string): HTMLButtonElement[] {
  return [...container.querySelectorAll('button')].filter((button) => button.textContent?.replace(/\s+/g, ' ').trim() === name);
}

/** Where a confirmation dialog shows its question (antd repeats it, hidden, in the dialog's header). */
export const CONFIRM_QUESTION = '.ant-modal-confirm-title';

/** The one button inside `container` whose text is `name`; throws when there is not exactly one. */
export function buttonNamed(container: ParentNode, name: string): HTMLButtonElement {
  const found = buttonsNamed(container, name);
  if (found.length !== 1) throw new Error(`expected one button "${name}", found ${found.length}`);
  return found[0];
}

/**
 * Prepares jsdom for antd: matchMedia (the grid and responsive components subscribe to it),
 * getComputedStyle with a pseudo element (the table measures the scrollbar so), and waits long
 * enough for antd's first render, which takes seconds under jsdom.
 */
export function installMatchMedia(): void {
  configure({ asyncUtilTimeout: 15_000 });
  const computed = window.getComputedStyle.bind(window);
  window.getComputedStyle = (element: Element) => computed(element);
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
}
