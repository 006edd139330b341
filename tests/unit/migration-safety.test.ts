import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { generateDrizzleJson, generateMigration } from 'drizzle-kit/api';
import { describe, expect, it } from 'vitest';
import { defineResource, field, type FieldDef } from '../../resources/define';
import { deriveTable } from '../../server/crud/table.derive';
import { unsafeStatements } from '../../server/db/migration-safety';

/**
 * Migrations apply to databases that hold data. The rule (server/db/migration-safety.ts): a
 * column added to an existing table is nullable or has a DEFAULT. It is checked on every
 * committed migration, not only the newest: drizzle-kit only writes ADD COLUMN for a table an
 * earlier migration created, so any such statement runs against tables that have rows in
 * production, and the committed migrations all keep it (the first nine add one nullable column).
 */
const MIGRATIONS = path.join(path.dirname(fileURLToPath(import.meta.url)), '..', '..', 'server', 'db', 'migrations');

describe('committed migrations', () => {
  const files = fs
    .readdirSync(MIGRATIONS)
    .filter((f) => f.endsWith('.sql'))
    .sort();

  it('are found', () => {
    expect(files.length).toBeGreaterThan(9);
  });

  it.each(files)('%s adds no NOT NULL column without a default to an existing table', (file) => {
    expect(unsafeStatements(fs.readFileSync(path.join(MIGRATIONS, file), 'utf8'))).toEqual([]);
  });
});

describe('the rule', () => {
  it('catches a NOT NULL column added without a default, and only that', () => {
    const sql = [
      'CREATE TABLE "fresh" ("tenant_id" bigint NOT NULL);',
      'ALTER TABLE "fresh" ADD COLUMN "made_here" text NOT NULL;',
      'ALTER TABLE "stores" ADD COLUMN "optional" text;',
      'ALTER TABLE "stores" ADD COLUMN "with_default" text DEFAULT \'x\' NOT NULL;',
      'ALTER TABLE "stores" ADD COLUMN "counter" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY;',
      'ALTER TABLE "stores" ADD COLUMN "unsafe" integer NOT NULL;',
    ].join('--> statement-breakpoint\n');
    expect(unsafeStatements(sql)).toEqual([
      { table: 'stores', column: 'unsafe', statement: 'ALTER TABLE "stores" ADD COLUMN "unsafe" integer NOT NULL' },
    ]);
  });
});

describe('a field added to a declared resource', () => {
  const base = {
    name: 'safety-probe',
    table: 'safety_probes',
    title: ['探针', 'Probe'],
    route: { group: 'datum', entry: 'safety-probe', screens: { list: 'safety-probe' } },
    access: { read: ['资料查看'], write: '配置维护' },
    scope: 'tenant',
    titleField: 'name',
    list: { defaultSort: { field: 'name', order: 'asc' } },
  } as const;
  const name = field.text({ label: ['名称', 'Name'], required: true, maxLength: 20 });
  const version = (extra: Record<string, FieldDef>) => deriveTable(defineResource({ ...base, fields: { name, ...extra } }));
  /** What `npm run db:generate` would write after adding the fields. */
  const migrationAdding = async (extra: Record<string, FieldDef>) =>
    (await generateMigration(generateDrizzleJson({ probe: version({}) }), generateDrizzleJson({ probe: version(extra) }))).join(
      '--> statement-breakpoint\n',
    );

  it('required, without a default: the generated migration is refused', async () => {
    const sql = await migrationAdding({ level: field.integer({ label: ['级别', 'Level'], required: true }) });
    expect(sql).toContain('ADD COLUMN "level" integer NOT NULL');
    expect(unsafeStatements(sql).map((s) => s.column)).toEqual(['level']);
  });

  it('required, with a declared default: the default becomes the column DEFAULT and the migration is safe', async () => {
    const sql = await migrationAdding({
      level: field.integer({ label: ['级别', 'Level'], required: true, defaultValue: 1 }),
      state: field.enum({ label: ['状态', 'State'], required: true, options: { ON: { label: ['开', 'On'] } }, defaultValue: 'ON' }),
      rate: field.decimal({ label: ['比例', 'Rate'], required: true, decimals: 3, defaultValue: 1.5 }),
      days: field.weekdays({ label: ['星期', 'Days'], required: true, defaultValue: [1, 7] }),
      period: field.dateRange({ label: ['期间', 'Period'], required: true, defaultValue: ['2024-01-01', '2024-12-31'] }),
    });
    expect(sql).toContain(`ADD COLUMN "level" integer DEFAULT 1 NOT NULL`);
    expect(sql).toContain(`ADD COLUMN "state" text DEFAULT 'ON' NOT NULL`);
    expect(sql).toContain(`ADD COLUMN "rate" numeric(14, 3) DEFAULT '1.5' NOT NULL`);
    expect(sql).toContain(`ADD COLUMN "period_from" date DEFAULT '2024-01-01' NOT NULL`);
    expect(sql).toMatch(/ADD COLUMN "days" smallint\[\] DEFAULT '\{1,7\}' NOT NULL/);
    expect(unsafeStatements(sql)).toEqual([]);
  });

  it('optional: nullable, safe without a default', async () => {
    const sql = await migrationAdding({ note: field.text({ label: ['备注', 'Note'] }) });
    expect(sql).toContain('ADD COLUMN "note" text;');
    expect(unsafeStatements(sql)).toEqual([]);
  });
});
