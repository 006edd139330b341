/**
 * The index of declarations the shell reads before loading any (src/screens/declaration-index.ts,
 * issue 30): current with the declarations and the manifests, and each loader bringing the very
 * declaration `RESOURCES` / `QUERY_VIEWS` hold.
 */
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { RESOURCES } from '../../resources/index';
import { QUERY_VIEWS } from '../../resources/query-views';
import { loadDeclaration, loadQueryView, QUERY_VIEW_SUMMARIES, RESOURCE_SUMMARIES, summaryOf } from '../../src/screens/declaration-index';
import { permissionsFor } from '../../src/screens/generic/resource-routes';
import { declarationIndexText, INDEX_FILE } from '../../src/screens/write-declaration-index';

describe('the index of declarations', () => {
  it('is current: `npm run declarations:index` writes what is committed', async () => {
    expect(readFileSync(INDEX_FILE, 'utf8')).toEqual(await declarationIndexText());
  }, 60_000);

  it('summarises every resource in the order of RESOURCES, with its route and permissions', () => {
    expect(RESOURCE_SUMMARIES.map((summary) => summary.name)).toEqual(RESOURCES.map((resource) => resource.name));
    for (const resource of RESOURCES) {
      const summary = summaryOf(resource.name)!;
      expect(summary.route, resource.name).toEqual(resource.route);
      expect(permissionsFor(summary), resource.name).toEqual(permissionsFor(resource));
    }
    expect(QUERY_VIEW_SUMMARIES.map((summary) => summary.name)).toEqual(QUERY_VIEWS.map((view) => view.name));
  });

  it('loads each declaration from its own module', async () => {
    for (const resource of RESOURCES) expect(await loadDeclaration(resource.name), resource.name).toBe(resource);
    for (const view of QUERY_VIEWS) expect(await loadQueryView(view.name), view.name).toBe(view);
    await expect(loadDeclaration('no-such-resource')).rejects.toThrow('no declared resource no-such-resource');
  }, 60_000);
});
