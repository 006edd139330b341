import { pick, type Locale } from '../../../resources/messages/bilingual';
import type { ResourceDef } from '../../../resources/define';
import type { Database, DbOrTx } from '../../db/connection';
import type { Actor } from '../../crud/actor';
import { AppError } from '../../http/envelope';
import { createRecord } from '../../crud/crud.operations';
import { validateWrite } from '../../crud/record.validate';
import type { EngineRegistry } from '../../crud/resource-registry';
import { translate } from '../i18n/translate';
import { failedRowCount, refuseImport, type RowError } from './error-report';
import { loadFile } from './file-chunks.store';
import { percent, updateTask, type FileTaskRow } from './file-task.store';
import { titleKey } from '../../crud/field-kinds/kind-helpers';
import { resolveTitles, type LookupScope, type Resolution } from './references.lookup';
import { FileProblem, readWorkbookRows } from './sheet-reader';
import { importValue, type ImportValue } from './sheet-cells';
import { bindHeader, type ColumnBinding } from './sheet-header';
import type { SheetRowCells } from './xlsx.reader';
import type { TaskRequester } from './task-requester';

/** Most data rows one import may carry; they are applied in one transaction. */
export const MAX_IMPORT_ROWS = 20_000;

/** Progress is saved every this many rows. */
const PROGRESS_EVERY = 200;

/** A data row read from the sheet: its sheet row number and its cells by field. */
interface SheetRow {
  readonly row: number;
  readonly values: ReadonlyMap<string, ImportValue>;
}

export { FileProblem };

/** The sheet's data rows as the import binds them: each cell by its field. */
function bindRows(args: { rows: readonly SheetRowCells[]; bindings: readonly ColumnBinding[]; resource: string }): SheetRow[] {
  const rows: SheetRow[] = [];
  for (const { row, cells } of args.rows) {
    const values = new Map<string, ImportValue>();
    let empty = true;
    for (const { column, field } of args.bindings) {
      const cell = cells[column - 1] ?? null;
      if (cell !== null) empty = false;
      values.set(field.name, importValue({ f: field.f, cell, resource: args.resource }));
    }
    if (!empty) rows.push({ row, values });
  }
  if (rows.length === 0) throw new FileProblem('files.error.noRows');
  return rows;
}

/** Thrown inside the transaction to roll every row back once all rows have been tried. */
class RollBack extends Error {}

/** The label of a field path of a FieldError (`code`, `lines.0.qty`), in the requester's language. */
function fieldLabel(resource: ResourceDef, path: string, locale: Locale): string {
  const f = resource.fields[path.split('.')[0]];
  return f ? pick(f.label, locale) : path;
}

/** Resolves the titles a row names into ids, asking the database again for titles still missing. */
class TitleResolver {
  private readonly cache = new Map<string, Map<string, Resolution>>();

  constructor(private readonly args: { registry: EngineRegistry; scope: LookupScope; owner: string }) {}

  /** Looks up every title of the file at once. */
  async preload(db: DbOrTx, rows: readonly SheetRow[]): Promise<void> {
    const parts = new Map<string, { resource: string; shownAs?: string; list: (string | number)[] }>();
    for (const row of rows) {
      for (const value of row.values.values()) {
        if (value.kind !== 'titles') continue;
        const key = titleKey(value.resource, value.shownAs);
        const entry = parts.get(key) ?? { resource: value.resource, shownAs: value.shownAs, list: [] };
        entry.list.push(...value.parts);
        parts.set(key, entry);
      }
    }
    for (const [key, { resource, shownAs, list }] of parts) {
      this.cache.set(
        key,
        await resolveTitles({ db, registry: this.args.registry, scope: this.args.scope, resource, shownAs, parts: list }),
      );
    }
  }

  /**
   * One title. A record of the same resource may be named by a row above (an area and its
   * parent in one file), so a missing self-reference is looked up again inside the transaction.
   */
  async resolve(db: DbOrTx, target: { resource: string; shownAs?: string }, part: string | number): Promise<Resolution> {
    const { resource, shownAs } = target;
    const key = titleKey(resource, shownAs);
    const text = String(part);
    const known = this.cache.get(key)?.get(text);
    if (known && !('missing' in known && resource === this.args.owner)) return known;
    const fresh = await resolveTitles({ db, registry: this.args.registry, scope: this.args.scope, resource, shownAs, parts: [text] });
    const found = fresh.get(text) ?? { missing: true as const };
    if (!('missing' in found)) this.cache.get(key)?.set(text, found);
    return found;
  }
}

/** A row's saveNew body and the problems of its cells. */
async function rowBody(args: {
  db: DbOrTx;
  row: SheetRow;
  resolver: TitleResolver;
  resource: ResourceDef;
  locale: Locale;
}): Promise<{ body: Record<string, unknown>; errors: RowError[] }> {
  const body: Record<string, unknown> = {};
  const errors: RowError[] = [];
  for (const [name, value] of args.row.values) {
    const label = pick(args.resource.fields[name].label, args.locale);
    const problem = (key: string, values: Record<string, string | number> = {}) =>
      errors.push({ row: args.row.row, field: label, key, values: { ...values, label } });
    if (value.kind === 'problem') {
      problem(value.problem.key, value.problem.values);
      continue;
    }
    if (value.kind === 'value') {
      body[name] = value.value;
      continue;
    }
    const ids: number[] = [];
    for (const part of value.parts) {
      const found = await args.resolver.resolve(args.db, value, part);
      if ('id' in found) ids.push(found.id);
      else problem('validation.reference');
    }
    body[name] = value.multiple ? ids : (ids[0] ?? null);
  }
  return { body, errors };
}

/**
 * Tries one row. Rows whose cells could not be read are only checked by the pure validator (for
 * their other fields); the others go through the engine's own saveNew inside a savepoint of
 * the import's transaction, so references, uniqueness (also against rows above) and hooks are
 * checked exactly as the form's save would check them.
 */
async function tryRow(args: {
  tx: DbOrTx;
  registry: EngineRegistry;
  actor: Actor;
  resource: ResourceDef;
  row: SheetRow;
  resolver: TitleResolver;
  locale: Locale;
  zone: string;
}): Promise<RowError[]> {
  const { tx, row, resource, locale } = args;
  const { body, errors } = await rowBody({ db: tx, row, resolver: args.resolver, resource, locale });
  if (errors.length > 0) {
    const broken = new Set(errors.map((e) => e.field));
    const { issues } = validateWrite({ resource, body, mode: 'create', locale, zone: args.zone });
    for (const issue of issues) {
      const field = fieldLabel(resource, issue.field, locale);
      if (!broken.has(field)) errors.push({ row: row.row, field, key: issue.key, values: issue.values });
    }
    return errors;
  }
  const runtime = args.registry.get(resource.name);
  // Handed the import's transaction, the engine's saveNew runs in a savepoint of it, so a refused
  // row is undone alone and the import goes on.
  try {
    await createRecord({ db: tx, registry: args.registry, runtime, actor: args.actor, body });
    return [];
  } catch (error) {
    if (!(error instanceof AppError) || error.kind === 'internal') throw error;
    if (error.fields.length === 0) return [{ row: row.row, field: '', key: error.key, values: error.values }];
    return error.fields.map((f) => ({ row: row.row, field: fieldLabel(resource, f.field, locale), key: f.key, values: f.values }));
  }
}

/**
 * Imports the task's workbook. The header binds columns to fields (labels in either language or
 * field names); every row is then tried in one transaction. If any row is refused, the
 * transaction is rolled back, nothing is applied, and an error report (row, field, message) is
 * produced; otherwise every row is committed at once.
 */
export async function runImport(args: {
  database: Database;
  registry: EngineRegistry;
  task: FileTaskRow;
  requester: TaskRequester;
}): Promise<void> {
  const { database, registry, task, requester } = args;
  const { locale, timeZone } = requester;
  const resource = registry.get(task.resource).resource;
  const ids = { db: database.db, tenantId: task.tenantId, id: task.id };
  // Refused rows: the report becomes the task's file and the task fails saying how many.
  const refuse = (errors: RowError[], processed: number) => refuseImport({ db: database.db, task, locale, errors, processed });

  let rows: SheetRow[];
  try {
    // Read in a worker thread, as a stream, stopping at the first row beyond the limit; while
    // it reads, `processed` counts the rows read so far (`total` is still 0).
    const sheet = await readWorkbookRows({
      bytes: await loadFile({ db: database.db, tenantId: task.tenantId, taskId: task.id, part: 'input' }),
      maxRows: MAX_IMPORT_ROWS,
      headerRow: true,
      onProgress: (read) => updateTask({ ...ids, patch: { processed: read } }),
    });
    const header = (sheet.header ?? []).map((cell) => (cell === null ? null : String(cell)));
    if (header.every((text) => text === null)) throw new FileProblem('files.error.noHeader');
    const bound = bindHeader({ resource, header, headerLabel: translate(locale, 'files.error.header') });
    if (bound.errors.length > 0) return await refuse(bound.errors, 0);
    rows = bindRows({ rows: sheet.rows, bindings: bound.bindings, resource: resource.name });
  } catch (error) {
    if (!(error instanceof FileProblem)) throw error;
    await updateTask({ ...ids, patch: { state: 'failed', errorKey: error.key, errorValues: error.values, finishedAt: new Date() } });
    return;
  }

  await updateTask({ ...ids, patch: { total: rows.length } });
  const resolver = new TitleResolver({
    registry,
    owner: resource.name,
    scope: { tenantId: task.tenantId, marketingCenterId: requester.marketingCenter },
  });
  const errors: RowError[] = [];
  try {
    await database.db.transaction(async (tx) => {
      await resolver.preload(tx, rows);
      for (const [index, row] of rows.entries()) {
        errors.push(...(await tryRow({ tx, registry, actor: requester, resource, row, resolver, locale, zone: timeZone })));
        if ((index + 1) % PROGRESS_EVERY === 0) {
          // Saved on the pool, outside the import's transaction, so the file centre sees it now.
          await updateTask({
            ...ids,
            patch: { processed: index + 1, failed: failedRowCount(errors), progress: percent(index + 1, rows.length) },
          });
        }
      }
      if (errors.length > 0) throw new RollBack();
    });
  } catch (error) {
    if (!(error instanceof RollBack)) throw error;
  }
  if (errors.length > 0) {
    await refuse(errors, rows.length);
    return;
  }
  await updateTask({ ...ids, patch: { state: 'succeeded', progress: 100, processed: rows.length, failed: 0, finishedAt: new Date() } });
}
