import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { DOMAINS } from '../../server/modules/domains';
import { MODULES, OPENAPI_TAGS } from '../../server/modules/index';
import { MODULE_EXPORTS } from '../../server/modules/module-exports';
import { QUERY_VIEW_SOURCES } from '../../server/modules/query-views';
import { QUERY_VIEWS } from '../../resources/query-views';
import { DEMO_SEEDERS, orderSeeders, type DemoSeeder } from '../../server/db/seed/seeders';
import { SERVER_HOOKS } from '../../server/modules/resource-hooks';
import type { ResourceHooks } from '../../server/crud/server-hooks.define';

/**
 * A domain declares itself (server/modules/domain-manifest.ts): each `<domain>/<domain>.manifest.ts`
 * is listed once in domains.ts, and what it declares reaches the derived lists the server runs on.
 */
const MODULES_DIR = path.resolve(import.meta.dirname, '../../server/modules');

describe('domain manifests', () => {
  it('lists every manifest on disk once, named after its folder', () => {
    const onDisk = fs
      .readdirSync(MODULES_DIR, { withFileTypes: true })
      .filter((entry) => entry.isDirectory() && fs.existsSync(path.join(MODULES_DIR, entry.name, `${entry.name}.manifest.ts`)))
      .map((entry) => entry.name)
      .sort();
    expect(DOMAINS.map((domain) => domain.name).sort()).toEqual(onDisk);
    expect(onDisk.length).toBeGreaterThan(0);
  });

  it('derives the plugins, the resource hooks, the query-view sources and the module exports from the manifests', () => {
    const plugins = DOMAINS.flatMap((domain) => [
      ...(domain.plugins ?? []).map((plugin) => plugin.name),
      ...(domain.views?.length ? [`${domain.name}-views`] : []),
    ]);
    expect(MODULES.map((module) => module.name)).toEqual(['access', ...plugins, 'crud']);
    expect(new Set(MODULES.map((module) => module.name)).size).toBe(MODULES.length);
    const hooks = DOMAINS.flatMap((domain) => domain.hooks ?? []);
    expect(SERVER_HOOKS).toEqual(hooks);
    expect(new Set(SERVER_HOOKS.map((h) => h.name)).size).toBe(SERVER_HOOKS.length);
    const views = DOMAINS.flatMap((domain) => domain.views ?? []);
    expect(QUERY_VIEW_SOURCES).toEqual(views);
    expect(views.map((source) => source.view.name).sort()).toEqual(QUERY_VIEWS.map((view) => view.name).sort());
    const exports = DOMAINS.flatMap((domain) => domain.exports ?? []);
    const exportNames = [...exports.map((moduleExport) => moduleExport.name), ...views.map((source) => source.view.name)];
    expect([...MODULE_EXPORTS.keys()]).toEqual(exportNames);
    expect(exports.every((moduleExport) => MODULE_EXPORTS.get(moduleExport.name) === moduleExport)).toBe(true);
    const tags = DOMAINS.flatMap((domain) => domain.tags ?? []);
    expect(OPENAPI_TAGS).toEqual(tags);
    expect(new Set(tags.map((tag) => tag.name)).size).toBe(tags.length);
  });

  it('serves every query-view source a *.source.ts file exports', async () => {
    const files = fs.readdirSync(MODULES_DIR, { recursive: true, encoding: 'utf8' }).filter((file) => file.endsWith('.source.ts'));
    const exported: unknown[] = [];
    for (const file of files) {
      const values = Object.values((await import(path.join(MODULES_DIR, file))) as Record<string, unknown>);
      exported.push(...values.filter((value) => typeof value === 'object' && value !== null && 'view' in value && 'from' in value));
    }
    expect(exported.length).toBeGreaterThan(0);
    expect(exported.filter((source) => !QUERY_VIEW_SOURCES.includes(source as (typeof QUERY_VIEW_SOURCES)[number]))).toEqual([]);
  });

  it('registers every hooks object a *.hooks.ts file exports', async () => {
    const files = fs.readdirSync(MODULES_DIR, { recursive: true, encoding: 'utf8' }).filter((file) => file.endsWith('.hooks.ts'));
    const exported: string[] = [];
    for (const file of files) {
      const values = Object.values((await import(path.join(MODULES_DIR, file))) as Record<string, unknown>);
      for (const value of values.flat()) {
        const hooks = value as Partial<ResourceHooks> | null;
        if (hooks && typeof hooks === 'object' && typeof hooks.name === 'string' && typeof hooks.hooks === 'object')
          exported.push(hooks.name);
      }
    }
    const registered = new Set(SERVER_HOOKS.map((h) => h.name));
    expect(exported.length).toBeGreaterThan(0);
    expect(exported.filter((name) => !registered.has(name))).toEqual([]);
  });

  it('runs every demo seeder a domain declares once, after the platform and after the seeders it names', async () => {
    const declared = DOMAINS.flatMap((domain) => domain.seed ?? []);
    expect(declared.length).toBeGreaterThan(0);
    const names = DEMO_SEEDERS.map((seeder) => seeder.name);
    expect(new Set(names).size).toBe(names.length);
    expect(
      DEMO_SEEDERS.slice(-declared.length)
        .map((seeder) => seeder.name)
        .sort(),
    ).toEqual(declared.map((seeder) => seeder.name).sort());
    for (const [i, seeder] of DEMO_SEEDERS.entries()) {
      for (const before of seeder.after ?? []) expect(names.indexOf(before), `${seeder.name} after ${before}`).toBeLessThan(i);
    }
    // Every seeder a file of db/seed exports runs: a new one named in no manifest fails here.
    const seedDir = path.resolve(MODULES_DIR, '../db/seed');
    const exported: string[] = [];
    for (const file of fs.readdirSync(seedDir).filter((name) => name.endsWith('.seed.ts'))) {
      const values = Object.values((await import(path.join(seedDir, file))) as Record<string, unknown>);
      for (const value of values) {
        const seeder = value as Partial<DemoSeeder> | null;
        if (seeder && typeof seeder === 'object' && typeof seeder.name === 'string' && typeof seeder.seed === 'function')
          exported.push(seeder.name);
      }
    }
    expect(exported.filter((name) => !names.includes(name))).toEqual([]);
  });

  it('orders seeders by what they name in after, refusing an unknown name or a circle', () => {
    const seeder = (name: string, after: string[] = []): DemoSeeder => ({ name, after, seed: async () => undefined });
    const order = orderSeeders([seeder('orders', ['members']), seeder('levels'), seeder('members', ['levels'])]);
    expect(order.map((s) => s.name)).toEqual(['levels', 'members', 'orders']);
    expect(() => orderSeeders([seeder('a', ['nobody'])])).toThrow(/nobody/);
    expect(() => orderSeeders([seeder('a', ['b']), seeder('b', ['a'])])).toThrow(/a, b/);
  });
});
