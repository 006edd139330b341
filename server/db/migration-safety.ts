/**
 * The rule every migration keeps so it applies to a database that holds data: a column added to
 * an existing table is either nullable or has a DEFAULT. `ALTER TABLE … ADD COLUMN … NOT NULL`
 * without a default fails on the first tenant whose table has a row (and would need every row
 * rewritten by hand first). drizzle-kit writes `ADD COLUMN` only for a table that an earlier
 * migration created, and a production table has rows, so the rule applies to every migration;
 * a table created in the same file is empty and exempt. For a declared field the fix is a
 * `defaultValue`, which becomes the column's DEFAULT (server/crud/column.derive.ts).
 */

/** One statement that breaks the rule. */
export interface UnsafeStatement {
  readonly table: string;
  readonly column: string;
  readonly statement: string;
}

const ADD_COLUMN = /^ALTER TABLE\s+("?[\w.]+"?(?:\."?\w+"?)?)\s+ADD COLUMN\s+(?:IF NOT EXISTS\s+)?"?(\w+)"?\s+(.*)$/is;
const CREATE_TABLE = /^CREATE TABLE\s+(?:IF NOT EXISTS\s+)?("?[\w.]+"?(?:\."?\w+"?)?)/i;

const bare = (name: string) => name.replace(/"/g, '').replace(/^public\./, '');

/** The statements of a drizzle-kit migration file (split at its breakpoints and semicolons). */
export function migrationStatements(sql: string): string[] {
  return sql
    .split(/--> statement-breakpoint|;\s*$/m)
    .map((s) =>
      s
        .replace(/^\s*--.*$/gm, '')
        .trim()
        .replace(/;$/, '')
        .trim(),
    )
    .filter((s) => s !== '');
}

/** The statements of one migration that add a NOT NULL column without a default to an existing table. */
export function unsafeStatements(sql: string): UnsafeStatement[] {
  const created = new Set<string>();
  const out: UnsafeStatement[] = [];
  for (const statement of migrationStatements(sql)) {
    const create = CREATE_TABLE.exec(statement);
    if (create) {
      created.add(bare(create[1]));
      continue;
    }
    const add = ADD_COLUMN.exec(statement);
    if (!add) continue;
    const [, table, column, definition] = add;
    if (created.has(bare(table))) continue;
    const notNull = /\bNOT NULL\b/i.test(definition) || /\bPRIMARY KEY\b/i.test(definition);
    // An identity or generated column fills existing rows itself.
    const filled = /\bDEFAULT\b/i.test(definition) || /\bGENERATED\b/i.test(definition) || /\bserial\b/i.test(definition);
    if (notNull && !filled) out.push({ table: bare(table), column, statement });
  }
  return out;
}
