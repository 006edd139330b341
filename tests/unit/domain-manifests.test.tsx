// @vitest-environment jsdom
/**
 * The browser's domain manifests and what the generic screens draw from declarations: the
 * registries derived from the manifests (and held to the catalogue and the declarations), no
 * registration by side-effect import, a detail's related lists (`detail.related`) and a list's
 * state counts (`list.stateCounts`) as a user sees them.
 */
import { readdirSync, readFileSync, statSync } from 'node:fs';
import path from 'node:path';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { setupServer } from 'msw/node';
import type { i18n as I18n } from 'i18next';
import { CATALOG } from '../../resources/catalog/index';
import { couponResource } from '../../resources/coupons/coupon.resource';
import { listColumns, relatedLists, type ResourceDef } from '../../resources/define';
import { RESOURCES, resourceByName } from '../../resources/index';
import { memberResource } from '../../resources/member/member.resource';
import { ResourceList } from '../../src/screens/generic/list-screen';
import { RecordDetail } from '../../src/screens/generic/record-detail';
import { screensOf, slotsOf, type DomainManifest } from '../../src/screens/manifest';
import { DOMAIN_MANIFESTS, loadAllManifests, slotDomainsOf, VIEW_SCREENS } from '../../src/screens/manifests';
import { api, englishI18n, gadget, gadgetResource, installMatchMedia, nodeResource, ok, renderAt } from '../helpers/generic-harness';

vi.setConfig({ testTimeout: 120_000 });

const ROOT = path.resolve(__dirname, '../..');

describe('the manifests', () => {
  it('derive one registry of screens and one of slots, refusing a screen or a slot declared twice', () => {
    const a: DomainManifest = {
      domain: 'a',
      screens: { 'x/y/z': () => Promise.reject(new Error('unused')) },
      toolbarItems: { gadget: [{ key: 'one', render: () => null }] },
    };
    const b: DomainManifest = {
      domain: 'b',
      toolbarItems: { gadget: [{ key: 'two', render: () => null }], '*': [{ key: 'all', render: () => null }] },
    };
    expect(Object.keys(screensOf([a, b]))).toEqual(['x/y/z']);
    expect(
      slotsOf([a, b])
        .toolbarItems.get('gadget')
        ?.map((item) => item.key),
    ).toEqual(['one', 'two']);
    expect(() => screensOf([a, a])).toThrow('x/y/z is declared twice (a)');
    expect(() => slotsOf([a, { domain: 'c', toolbarItems: { gadget: [{ key: 'one', render: () => null }] } }])).toThrow(
      'gadget: slot one is declared twice (c)',
    );
  });

  it('name only screens of the catalogue and slots of declared resources', async () => {
    const catalogued = new Set(
      CATALOG.flatMap((group) =>
        group.entries.flatMap((entry) => entry.screens.map((screen) => `${group.group}/${entry.entry}/${screen.name}`)),
      ),
    );
    expect(Object.keys(VIEW_SCREENS).filter((key) => !catalogued.has(key))).toEqual([]);
    const names = new Set(RESOURCES.map((resource) => resource.name));
    const manifests = await loadAllManifests();
    const slots = slotsOf(manifests);
    const owners = [...slots.detailTabs.keys(), ...slots.toolbarItems.keys(), ...slots.formSections.keys(), ...slots.detailActions.keys()];
    expect(owners.filter((owner) => owner !== '*' && !names.has(owner))).toEqual([]);
    // A detail action opens a declared resource's add form.
    const opened = manifests.flatMap((manifest) =>
      Object.values(manifest.detailActions ?? {})
        .flat()
        .map((action) => action.opens),
    );
    expect(opened.filter((name) => !names.has(name))).toEqual([]);
    expect(DOMAIN_MANIFESTS.map((manifest) => manifest.domain)).toEqual(manifests.map((manifest) => manifest.domain));
    expect(DOMAIN_MANIFESTS.map((manifest) => manifest.domain)).toContain('files');
    // Every screen of a manifest is routed, through its domain's manifest.
    expect(Object.keys(screensOf(manifests)).filter((key) => !VIEW_SCREENS[key])).toEqual([]);
  });

  it('are loaded for a resource only where they hold its slots (the index says which)', async () => {
    const manifests = await loadAllManifests();
    for (const resource of RESOURCES) {
      const holders = manifests
        .filter((manifest) =>
          [manifest.detailTabs, manifest.toolbarItems, manifest.formSections, manifest.detailActions].some(
            (part) =>
              part?.[resource.name] !== undefined ||
              part?.['*'] !== undefined ||
              (resource.viewOf !== undefined && part?.[resource.viewOf] !== undefined),
          ),
        )
        .map((manifest) => manifest.domain);
      expect(slotDomainsOf(resource), resource.name).toEqual(holders);
    }
  });

  it('are the only way in: no file of src/ imports a module for its side effects', () => {
    const files: string[] = [];
    const walk = (dir: string) => {
      for (const name of readdirSync(dir)) {
        const full = path.join(dir, name);
        if (statSync(full).isDirectory()) walk(full);
        else if (/\.tsx?$/.test(name)) files.push(full);
      }
    };
    walk(path.join(ROOT, 'src'));
    const bare = files.flatMap((file) =>
      [...readFileSync(file, 'utf8').matchAll(/^import\s+['"]([^'"]+)['"];?$/gm)]
        .map((match) => match[1])
        .filter((specifier) => !specifier.endsWith('.css'))
        .map((specifier) => `${path.relative(ROOT, file)}: ${specifier}`),
    );
    expect(bare).toEqual([]);
  });
});

describe('related lists as declared', () => {
  it('each names a declared list, a filter of it by equality, and columns it has', () => {
    const problems: string[] = [];
    for (const owner of RESOURCES) {
      for (const related of relatedLists(owner)) {
        const where = `${owner.name} related ${related.key}`;
        const list = resourceByName(related.resource);
        if (!list) {
          problems.push(`${where}: no list ${related.resource}`);
          continue;
        }
        const filter = list.fields[related.field];
        if (!filter || filter.filter !== 'eq') problems.push(`${where}: ${related.resource}.${related.field} does not filter by equality`);
        if (related.from !== undefined && !owner.fields[related.from]) problems.push(`${where}: no field ${related.from}`);
        for (const column of related.columns ?? []) if (!list.fields[column]) problems.push(`${where}: no column ${column}`);
      }
    }
    expect(problems).toEqual([]);
    expect(relatedLists(memberResource).map((related) => related.resource)).toEqual([
      'coupon',
      'prepay-card',
      'member-tag-link',
      'member-channel-identity',
      'push-consent',
    ]);
  });
});

const server = setupServer();
let i18n: I18n;
let bodies: { path: string; body: Record<string, unknown> }[] = [];

beforeAll(async () => {
  installMatchMedia();
  server.listen({ onUnhandledRequest: 'error' });
  i18n = await englishI18n([gadgetResource, nodeResource, couponResource, ownerResource]);
});
afterEach(() => {
  cleanup();
  server.resetHandlers();
  bodies = [];
});
afterAll(() => server.close());

/** The gadget with a related list of the coupons pointing at it. */
const ownerResource: ResourceDef = {
  ...gadgetResource,
  detail: { related: [{ key: 'coupons', resource: 'coupon', field: 'member', limit: 3 }] },
};

const coupon = (id: number) => ({
  id,
  code: `C00${id}`,
  template: 1,
  lineType: 'all_cash',
  member: 1,
  source: 'MANUAL',
  faceValue: 10,
  state: 'UNUSED',
  issuedAt: `2026-06-0${id} 10:00:00`,
  validTo: '2026-07-01 00:00:00',
  _titles: { template: { 1: 'Ten off' } },
});

function record(pathName: string) {
  return async ({ request }: { request: Request }) => {
    const body = (await request.json()) as Record<string, unknown>;
    bodies.push({ path: pathName, body });
    return body;
  };
}

describe('a related list on a detail', () => {
  it('shows the latest records pointing at the record, newest first, and links to the list filtered on it', async () => {
    server.use(
      api.get('gadget/info/1', () => ok(gadget())),
      api.post('coupon/query', async (args) => {
        await record('coupon/query')(args);
        return ok({ total: 7, totalIsEstimate: false, nextCursor: null, records: [coupon(3), coupon(2), coupon(1)] });
      }),
    );
    renderAt({
      path: '/datum/store/store',
      i18n,
      resources: [ownerResource, couponResource, nodeResource],
      screen: (
        <RecordDetail
          resource={ownerResource}
          id={1}
          columns={1}
          permissions={{ show: true, create: false, edit: false, delete: false, export: false, import: false, actions: {} }}
          onOpen={() => undefined}
          onDeleted={() => undefined}
        />
      ),
    });
    fireEvent.click(await screen.findByRole('tab', { name: 'Coupon' }));
    const tab = await screen.findByTestId('related-coupons');
    await within(tab).findByText('C003');
    expect([...tab.querySelectorAll('thead th')].map((th) => th.textContent)).toEqual(
      listColumns(couponResource)
        .filter((name) => name !== 'member')
        .slice(0, 6)
        .map((name) => i18n.t(`res.coupon.${name}`)),
    );
    expect(bodies[0].body).toMatchObject({ filters: { member: 1 }, sorters: [{ field: 'issuedAt', order: 'desc' }], pageSize: 3 });
    fireEvent.click(within(tab).getByRole('button', { name: 'All 7' }));
    await waitFor(() =>
      expect(decodeURIComponent(screen.getByTestId('location').textContent ?? '')).toBe(
        '/coupons/coupon-list/coupon-list?filter={"member":1}',
      ),
    );
  });
});

describe('state counts above a list', () => {
  it('count each state under the list’s filters, filter the list on a chip, mark it, and let it go', async () => {
    server.use(
      api.post('coupon/query', async (args) => {
        await record('coupon/query')(args);
        return ok({ total: 1, totalIsEstimate: false, nextCursor: null, records: [coupon(1)] });
      }),
      api.get('member/options', () => ok([{ id: 1, title: 'Ann' }])),
      api.post('coupon/counts', async (args) => {
        await record('coupon/counts')(args);
        return ok({ NOT_STARTED: 0, UNUSED: 4, USED: 2, EXPIRED: 1, VOIDED: 0 });
      }),
    );
    renderAt({
      path: `/coupons/coupon-list/coupon-list?filter=${encodeURIComponent(JSON.stringify({ member: 1 }))}`,
      i18n,
      resources: [couponResource, nodeResource],
      screen: <ResourceList resource={couponResource} />,
    });
    const chips = await screen.findByTestId('state-counts');
    await waitFor(() => expect(within(chips).getByTestId('state-count-UNUSED').textContent).toBe('Unused 4'));
    expect([...chips.children].map((chip) => chip.textContent)).toEqual(['Not yet valid 0', 'Unused 4', 'Used 2', 'Expired 1', 'Voided 0']);
    expect(bodies.find((b) => b.path === 'coupon/counts')?.body).toEqual({ filters: { member: 1 } });
    fireEvent.click(within(chips).getByTestId('state-count-USED'));
    await waitFor(() => expect(within(chips).getByTestId('state-count-USED').getAttribute('aria-pressed')).toBe('true'));
    expect(decodeURIComponent(screen.getByTestId('location').textContent ?? '')).toContain('filter={"member":1,"state":["USED"]}');
    await waitFor(() =>
      expect(bodies.filter((b) => b.path === 'coupon/query').at(-1)?.body.filters).toEqual({ member: 1, state: ['USED'] }),
    );
    // The counts leave the state filter aside: every chip keeps its number.
    expect(bodies.filter((b) => b.path === 'coupon/counts').every((b) => JSON.stringify(b.body) === '{"filters":{"member":1}}')).toBe(true);
    fireEvent.click(within(chips).getByTestId('state-count-USED'));
    await waitFor(() => expect(within(chips).getByTestId('state-count-USED').getAttribute('aria-pressed')).toBe('false'));
    expect(decodeURIComponent(screen.getByTestId('location').textContent ?? '')).toContain('filter={"member":1}');
  });
});
