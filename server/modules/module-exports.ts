import { queryViewExport } from '../crud/query-view.export';
import { DOMAINS } from './domains';
import type { ModuleExport } from './files/module-export';
import type { ModuleImport } from './files/module-import';
import { QUERY_VIEW_SOURCES } from './query-views';

/**
 * The file-centre exports of hand-made lists (files/module-export.ts), by name, gathered from
 * the domains' manifests (`exports`), then the export of every query view
 * (server/crud/query-view.export.ts, its source named in its domain's `views`). A domain that adds
 * one names it in its manifest.
 */
export const MODULE_EXPORTS: ReadonlyMap<string, ModuleExport> = new Map([
  ...DOMAINS.flatMap((domain) => domain.exports ?? []).map((moduleExport) => [moduleExport.name, moduleExport] as const),
  ...QUERY_VIEW_SOURCES.map((source) => [source.view.name, queryViewExport(source)] as const),
]);

/** The file-centre imports of the domains' own rows (files/module-import.ts), by name, from the manifests (`imports`). */
export const MODULE_IMPORTS: ReadonlyMap<string, ModuleImport> = new Map(
  DOMAINS.flatMap((domain) => domain.imports ?? []).map((moduleImport) => [moduleImport.name, moduleImport] as const),
);
