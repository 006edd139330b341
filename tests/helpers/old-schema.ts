import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { MIGRATIONS_FOLDER } from '../../server/runtime-paths';

/**
 * A copy of the migrations folder holding only those before `last` (exclusive): the old schema a
 * migration test writes its rows in, before `applyMigrations` runs the rest.
 */
export function migrationsBefore(last: string): string {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'old-migrations-'));
  process.once('exit', () => fs.rmSync(dir, { recursive: true, force: true }));
  const journal = JSON.parse(fs.readFileSync(path.join(MIGRATIONS_FOLDER, 'meta', '_journal.json'), 'utf8')) as {
    entries: { tag: string }[];
  };
  const cut = journal.entries.findIndex((e) => e.tag === last);
  if (cut < 0) throw new Error(`no migration ${last}`);
  const entries = journal.entries.slice(0, cut);
  fs.mkdirSync(path.join(dir, 'meta'));
  fs.writeFileSync(path.join(dir, 'meta', '_journal.json'), JSON.stringify({ ...journal, entries }));
  for (const e of entries) fs.copyFileSync(path.join(MIGRATIONS_FOLDER, `${e.tag}.sql`), path.join(dir, `${e.tag}.sql`));
  return dir;
}
