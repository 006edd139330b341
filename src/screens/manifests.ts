/**
 * The list of the browser's domain manifests (manifest.ts), each loaded when first needed, and
 * the registries derived from it: the hand-made screens the router mounts (VIEW_SCREENS) and the
 * slots the generic screens read. A new domain adds its manifest here, and nowhere else (then
 * `npm run declarations:index`).
 *
 * The shell does not import the manifests (issue 30): which domain draws which screen, and which
 * domains hold slots of which resource, is in the generated index
 * (`declaration-index.generated.ts`); a screen's loader loads its domain's manifest, and a
 * generic screen loads the manifests holding slots of its resource. A manifest itself carries
 * data and loaders only: a screen's code loads when the screen opens, a slot's component
 * (`lazySlot`, lazy-slot.tsx) when first drawn.
 */
import { SLOT_DOMAINS, VIEW_SCREEN_DOMAINS } from './declaration-index.generated';
import { slotsOf, type DomainManifest, type ScreenLoader, type ScreenSlots } from './manifest';
import { QUERY_VIEW_SCREENS } from './query-view/query-view-screens';

/** A domain of the browser and the loader of its manifest. */
export interface ManifestLoader {
  readonly domain: string;
  readonly load: () => Promise<DomainManifest>;
}

/** Every domain of the browser; the order is the order of their toolbar items and tabs. */
export const DOMAIN_MANIFESTS: readonly ManifestLoader[] = [
  { domain: 'files', load: () => import('./files/files.manifest').then((m) => m.FILES_MANIFEST) },
  { domain: 'member', load: () => import('../views/member/member.manifest').then((m) => m.MEMBER_MANIFEST) },
  { domain: 'score', load: () => import('../views/score/score.manifest').then((m) => m.SCORE_MANIFEST) },
  { domain: 'deposit', load: () => import('../views/deposit/deposit.manifest').then((m) => m.DEPOSIT_MANIFEST) },
  { domain: 'promotion', load: () => import('../views/promotion/promotion.manifest').then((m) => m.PROMOTION_MANIFEST) },
  { domain: 'setting', load: () => import('../views/setting/setting.manifest').then((m) => m.SETTING_MANIFEST) },
];

const loaded = new Map<string, DomainManifest>();
const loading = new Map<string, Promise<DomainManifest>>();
const listeners = new Set<() => void>();
let slots: ScreenSlots = slotsOf([]);

/** Loads the manifests of some domains (once each); the slots then hold theirs too. */
export function loadManifests(domains: readonly string[]): Promise<readonly DomainManifest[]> {
  return Promise.all(
    domains.map((domain) => {
      const kept = loaded.get(domain);
      if (kept) return Promise.resolve(kept);
      let promise = loading.get(domain);
      if (!promise) {
        const loader = DOMAIN_MANIFESTS.find((m) => m.domain === domain);
        if (!loader) return Promise.reject(new Error(`no domain manifest ${domain}`));
        promise = loader.load().then((manifest) => {
          loaded.set(domain, manifest);
          // In the list's order, whatever order they arrived in: the order of tabs and toolbar items.
          slots = slotsOf(DOMAIN_MANIFESTS.flatMap((m) => loaded.get(m.domain) ?? []));
          for (const listener of listeners) listener();
          return manifest;
        });
        promise.catch(() => loading.delete(domain));
        loading.set(domain, promise);
      }
      return promise;
    }),
  );
}

/** Every manifest, loaded (tests, and the checks that read them all). */
export function loadAllManifests(): Promise<readonly DomainManifest[]> {
  return loadManifests(DOMAIN_MANIFESTS.map((m) => m.domain));
}

/** The domains whose manifests hold slots of a resource (or of the table it is a view of, or of every list). */
export function slotDomainsOf(owner: { readonly name: string; readonly viewOf?: string }): readonly string[] {
  const wanted = new Set([
    ...(SLOT_DOMAINS['*'] ?? []),
    ...(SLOT_DOMAINS[owner.name] ?? []),
    ...(owner.viewOf ? (SLOT_DOMAINS[owner.viewOf] ?? []) : []),
  ]);
  return DOMAIN_MANIFESTS.map((m) => m.domain).filter((domain) => wanted.has(domain));
}

/** True when the manifests holding slots of the resource are loaded. */
export function slotsLoadedFor(owner: { readonly name: string; readonly viewOf?: string }): boolean {
  return slotDomainsOf(owner).every((domain) => loaded.has(domain));
}

/** The slots of the manifests loaded so far. */
export function loadedSlots(): ScreenSlots {
  return slots;
}

/** Calls `listener` when a manifest has loaded. */
export function subscribeManifests(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

/** The screen of a manifest, loaded through its domain's manifest. */
function manifestScreen(domain: string, key: string): ScreenLoader {
  return () =>
    loadManifests([domain]).then(([manifest]) => {
      const loader = manifest?.screens?.[key];
      if (!loader) throw new Error(`the ${domain} manifest declares no screen ${key}`);
      return loader();
    });
}

/**
 * Hand-made screens (slot overrides: more than CRUD), keyed `group/entry/screen` exactly as the
 * catalogue names them, and the generic screen of every query view (resources/query-views.ts).
 * Screens of declared resources are added by the resource engine (resource-screens.ts); a
 * catalogue route with no screen stays out of the menu and the router.
 */
export const VIEW_SCREENS: Readonly<Record<string, ScreenLoader>> = {
  ...Object.fromEntries(Object.entries(VIEW_SCREEN_DOMAINS).map(([key, domain]) => [key, manifestScreen(domain, key)])),
  ...QUERY_VIEW_SCREENS,
};
