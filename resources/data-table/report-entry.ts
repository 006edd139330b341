import { findEntry } from '../catalog';
import type { PermissionRef } from '../catalog/types';
import type { Bilingual } from '../messages/bilingual';
import type { QueryViewRoute } from '../query-view';

/** What a report's query view takes from its catalogue entry (catalog/data-table.catalog.ts). */
export interface ReportEntry {
  /** The report's title: the entry's, so the menu and the screen say the same. */
  readonly title: Bilingual;
  /** Its screen: `/data-table/<entry>`, the one screen named like the entry. */
  readonly route: QueryViewRoute;
  /** The entry's grants (报表查看 on the report's own resource), so a role sees one report and not another. */
  readonly access: readonly PermissionRef[];
  /** Report files are filed under the file centre's reports module. */
  readonly fileModule: 'reports';
  /** Reports read the replica when the server has one (REPORTS_DATABASE_URL). */
  readonly replica: true;
}

/**
 * The title, screen, grants and file module of a report of /data-table, from its catalogue
 * entry: a report declares what it reads and shows, never where it lives or who may read it.
 */
export function reportEntry(entry: string): ReportEntry {
  const found = findEntry('data-table', entry);
  // A report without its catalogue entry is a declaration mistake; fail at load.
  if (!found) throw new Error(`No /data-table entry ${entry}`);
  return {
    title: found.title,
    route: { group: 'data-table', entry, screen: entry },
    access: found.permissions,
    fileModule: 'reports',
    replica: true,
  };
}
