import { resourceByName } from '../../../resources/index';
import { deriveLinesTable, deriveTable, type DerivedTable } from '../../crud/table.derive';

/**
 * Lookups used by the generated `resource-tables.ts`: drizzle-kit only sees tables exported at
 * the top level of the schema, so each derived table gets one named export there, computed here
 * from the declaration (the same memoised object the engine queries).
 */

function declared(name: string) {
  const resource = resourceByName(name);
  if (!resource) throw new Error(`resource-tables.ts is stale: no resource "${name}"; run npm run db:generate`);
  return resource;
}

/** The derived table of a declared resource. */
export function resourceTable(name: string): DerivedTable {
  return deriveTable(declared(name));
}

/** The child table of one `lines` field of a declared resource. */
export function resourceLinesTable(name: string, field: string): DerivedTable {
  return deriveLinesTable(declared(name), field);
}
