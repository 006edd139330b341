import { createHash } from 'node:crypto';

/**
 * Names of derived database objects. Field names are camelCase in declarations and snake_case
 * in PostgreSQL; derived names longer than PostgreSQL's 63-byte identifier limit are shortened
 * with a stable hash so two long names never collide after truncation.
 */

/** `marketingCenterId` -> `marketing_center_id`. */
export function snakeCase(name: string): string {
  return name
    .replace(/([a-z0-9])([A-Z])/g, '$1_$2')
    .replace(/-/g, '_')
    .toLowerCase();
}

/** `score-adjust` -> `scoreAdjust`: the TypeScript export name of a derived table. */
export function camelCase(name: string): string {
  return name.replace(/[-_]([a-z0-9])/g, (_, c: string) => c.toUpperCase());
}

const MAX_IDENTIFIER = 63;

/** An identifier made of parts joined by `_`, shortened with a hash when too long. */
export function identifier(parts: readonly string[]): string {
  const full = parts.join('_');
  if (Buffer.byteLength(full) <= MAX_IDENTIFIER) return full;
  const hash = createHash('sha1').update(full).digest('hex').slice(0, 8);
  return `${full.slice(0, MAX_IDENTIFIER - hash.length - 1)}_${hash}`;
}

/**
 * The child table holding the lines of a `lines` field: `<table>_lines` for a field named
 * `lines` (the usual document), `<table>_<field>_lines` for any other, so a resource with
 * several line lists (an activity's rule tiers and gifts) gets one table per list and a name
 * that does not change when another list is added.
 */
export function linesTableName(args: { table: string; field: string }): string {
  return args.field === 'lines' ? `${args.table}_lines` : `${args.table}_${snakeCase(args.field)}_lines`;
}
