import { and, eq, inArray } from 'drizzle-orm';
import type { ReasonDirection } from '../../../resources/document-presets';
import type { ResourceDef } from '../../../resources/define';
import type { HookContext } from '../../crud/server-hooks.define';
import { deriveTable } from '../../crud/table.derive';

/** A reason of a reason master (resources/document-presets.ts `defineReasonMaster`), as the checks read it. */
export interface ReasonRow {
  readonly id: number;
  readonly name: string;
  readonly direction: ReasonDirection;
  readonly enabled: boolean | null;
}

/** The reasons `ids` name, by id (the engine has already checked that they exist). */
export async function reasonsById(args: {
  ctx: HookContext;
  reasons: ResourceDef;
  ids: readonly number[];
}): Promise<Map<number, ReasonRow>> {
  const ids = [...new Set(args.ids)];
  if (ids.length === 0) return new Map();
  const t = deriveTable(args.reasons);
  const rows = await args.ctx.db
    .select({ id: t.id, name: t.name, direction: t.direction, enabled: t.enabled })
    .from(t)
    .where(and(eq(t.tenantId, args.ctx.actor.tenantId), inArray(t.id, ids)));
  return new Map((rows as ReasonRow[]).map((row) => [Number(row.id), row]));
}

/** The message keys of a document's reason refusals (`<prefix>.reasonDisabled` …). */
export interface ReasonKeys {
  readonly disabled: string;
  readonly increaseOnly: string;
  readonly decreaseOnly: string;
}

/** The keys `<prefix>.reasonDisabled`, `<prefix>.reasonIncreaseOnly`, `<prefix>.reasonDecreaseOnly`. */
export const reasonKeys = (prefix: string): ReasonKeys => ({
  disabled: `${prefix}.reasonDisabled`,
  increaseOnly: `${prefix}.reasonIncreaseOnly`,
  decreaseOnly: `${prefix}.reasonDecreaseOnly`,
});

/**
 * What is wrong with a line's reason, if anything: disabled (named on the reason), or used
 * against its direction (named on the value: `adds` / `deducts` say which ways the line moves).
 */
export function reasonRefusal(args: {
  reason: ReasonRow | undefined;
  adds: boolean;
  deducts: boolean;
  keys: ReasonKeys;
}): { on: 'reason' | 'value'; key: string; values: { reason: string } } | null {
  const { reason, keys } = args;
  if (!reason) return null;
  const values = { reason: reason.name };
  if (reason.enabled === false) return { on: 'reason', key: keys.disabled, values };
  if (reason.direction === 'increase' && args.deducts) return { on: 'value', key: keys.increaseOnly, values };
  if (reason.direction === 'decrease' && args.adds) return { on: 'value', key: keys.decreaseOnly, values };
  return null;
}
