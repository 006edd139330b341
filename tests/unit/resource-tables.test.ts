import fs from 'node:fs';
import path from 'node:path';
import { generateDrizzleJson, generateMigration } from 'drizzle-kit/api';
import { getTableConfig } from 'drizzle-orm/pg-core';
import { describe, expect, it } from 'vitest';
import { RESOURCES } from '../../resources/index';
import * as schema from '../../server/db/schema/index';
import { RESOURCE_TABLES_FILE, resourceTablesSource } from '../../server/db/schema/write-resource-tables';
import { deriveTable } from '../../server/crud/table.derive';

/**
 * The derived schema stays in step with the declarations: the generated export file lists every
 * derived table, and the committed migrations already create what the schema now says. Either
 * failing means: run `npm run db:generate` and commit what it writes.
 */
describe('derived tables', () => {
  it('resource-tables.ts is what the generator writes for RESOURCES', () => {
    expect(fs.readFileSync(RESOURCE_TABLES_FILE, 'utf8')).toBe(resourceTablesSource(RESOURCES));
  });

  it('the committed migrations leave nothing of the schema to generate', async () => {
    const folder = path.join(path.dirname(RESOURCE_TABLES_FILE), '..', 'migrations');
    const journal = JSON.parse(fs.readFileSync(path.join(folder, 'meta', '_journal.json'), 'utf8')) as { entries: { idx: number }[] };
    const last = journal.entries[journal.entries.length - 1];
    const snapshot = JSON.parse(fs.readFileSync(path.join(folder, 'meta', `${String(last.idx).padStart(4, '0')}_snapshot.json`), 'utf8'));
    const pending = await generateMigration(snapshot, generateDrizzleJson(schema as Record<string, unknown>));
    expect(pending).toEqual([]);
  });

  it('derives no index another one already serves', () => {
    for (const resource of RESOURCES) {
      const config = getTableConfig(deriveTable(resource));
      const shape = (i: (typeof config.indexes)[number]) =>
        `${i.config.method ?? 'btree'}(${(i.config.columns as { name?: string; indexConfig?: { opClass?: string } }[])
          .map((c) => `${c.name}${c.indexConfig?.opClass ? ` ${c.indexConfig.opClass}` : ''}`)
          .join(',')})`;
      const shapes = config.indexes.map(shape);
      expect(new Set(shapes).size, `${resource.table}: ${shapes.join(' ')}`).toBe(shapes.length);
      // A unique b-tree on a NOT NULL column orders the rows totally: (…, col, id) would repeat it.
      const notNull = new Set(config.columns.filter((c) => c.notNull).map((c) => c.name));
      for (const unique of config.indexes.filter((i) => i.config.unique)) {
        const cols = (unique.config.columns as { name: string }[]).map((c) => c.name);
        if (!notNull.has(cols[cols.length - 1])) continue;
        expect(shapes, `${resource.table}.${unique.config.name}`).not.toContain(`btree(${[...cols, 'id'].join(',')})`);
      }
    }
  });

  it('leads every primary key and index with tenant_id', () => {
    for (const resource of RESOURCES) {
      const config = getTableConfig(deriveTable(resource));
      expect(config.primaryKeys[0].columns.map((c) => c.name)).toEqual(['tenant_id', 'id']);
      for (const index of config.indexes) {
        const first = index.config.columns[0] as { name?: string };
        expect(first.name, `${resource.table}.${index.config.name}`).toBe('tenant_id');
      }
    }
  });
});
