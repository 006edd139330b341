import { CATALOG } from '../../../resources/catalog/index';
import type { PermissionEntry } from '../../../resources/catalog/types';

/**
 * The page each granted resource opens, for the permission lists of the session
 * (`/v1/auth/permissions`) and of the role and user screens (authorization). It lives with the
 * session, which every module sits on; authorization imports it from here.
 */

let pageUrls: ReadonlyMap<string, string> | null = null;

/**
 * The page a resource's grants open: `#/<group>/<entry>` of the entry that declares it (a
 * sub-resource opens its entry's page). The first entry wins when several share a resource.
 */
export function pageUrlOf(resourceId: string): string {
  if (!pageUrls) {
    const map = new Map<string, string>();
    for (const group of CATALOG) {
      for (const entry of group.entries) {
        const url = `#/${group.group}/${entry.entry}`;
        if (!map.has(entry.resourceId)) map.set(entry.resourceId, url);
        for (const sub of entry.subResources ?? []) if (!map.has(sub.resourceId)) map.set(sub.resourceId, url);
      }
    }
    pageUrls = map;
  }
  return pageUrls.get(resourceId) ?? '';
}

/** Grants as the permission list (§3): one entry per resource, with its page. */
export function withPageUrls(entries: readonly PermissionEntry[]): { resourceId: string; actions: string[]; pageUrl: string }[] {
  return entries.map((entry) => ({ resourceId: entry.resourceId, actions: [...entry.actions], pageUrl: pageUrlOf(entry.resourceId) }));
}
