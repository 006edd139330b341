import { asc, eq, sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { defineServerHooks, type EngineHandle, type ServerHooks } from '../../crud/server-hooks.define';
import { deriveTable } from '../../crud/table.derive';
import type { DbOrTx } from '../../db/connection';
import { counters } from '../../db/schema/counters.schema';
import { notFound, ok } from '../../http/envelope';
import { toJsonNumber } from '../../crud/decimal';
import type { LevelSummary, MemberGrowth } from '../../../resources/contract/member.types';
import { levelResource } from '../../../resources/member/level.resource';

/**
 * Server side of members (member.resource.ts) and of its views:
 *
 * - saveNew draws the member number (`M` + 9 digits) from the tenant's `member` counter in the
 *   save's own transaction (never repeated; a failed save gives its number back), and stamps the
 *   registration time when none is given.
 * - `GET /v1/<view>/growth/:id`: the member's level and growth value, the next free level and the
 *   growth still needed, read through the view so the view's scope (centre, profile) holds.
 *
 * The views (`dqsh-member`, `marketcenter-member`) run the base's save hooks themselves (the
 * engine lends them); each gets its own growth route here.
 */

/** Name of the counter row that numbers members. */
export const MEMBER_NUMBER_COUNTER = 'member';
/** `M000000007`. */
export const formatMemberNumber = (value: number) => `M${String(value).padStart(9, '0')}`;

/** Draws the next member number of a tenant (one statement; concurrent callers never share one). */
export async function allocateMemberNumber(args: { db: DbOrTx; tenantId: number }): Promise<string> {
  const [row] = await args.db
    .insert(counters)
    .values({ tenantId: args.tenantId, name: MEMBER_NUMBER_COUNTER, value: 1 })
    .onConflictDoUpdate({
      target: [counters.tenantId, counters.name],
      set: { value: sql`${counters.value} + 1`, updatedAt: sql`now()` },
    })
    .returning({ value: counters.value });
  return formatMemberNumber(row.value);
}

// The growth answer's shapes are the contract's (the member detail screen reads them).
export type { LevelSummary, MemberGrowth };

interface LevelRow extends LevelSummary {
  readonly enabled: boolean;
}

async function levelsOf(db: DbOrTx, tenantId: number): Promise<LevelRow[]> {
  const t = deriveTable(levelResource);
  const rows = await db
    .select({
      id: t.id, name: t.name, levelType: t.levelType, rankOrder: t.rankOrder, growthThreshold: t.growthThreshold,
      pointsMultiplier: t.pointsMultiplier, discount: t.discount, state: t.state,
    })
    .from(t)
    .where(eq(t.tenantId, tenantId))
    .orderBy(asc(t.rankOrder), asc(t.id));
  const decimal = (value: unknown) => (value === null || value === undefined ? null : toJsonNumber(String(value)));
  return (rows as Record<string, unknown>[]).map((r) => ({
    id: Number(r.id),
    name: String(r.name),
    levelType: String(r.levelType),
    rankOrder: Number(r.rankOrder),
    growthThreshold: r.growthThreshold === null ? null : Number(r.growthThreshold),
    pointsMultiplier: decimal(r.pointsMultiplier),
    discount: decimal(r.discount),
    enabled: r.state === 'ENABLED',
  }));
}

const summary = ({ enabled: _enabled, ...level }: LevelRow): LevelSummary => level;

/** The growth picture of one member record (already read through its view). */
export async function memberGrowth(args: { db: DbOrTx; tenantId: number; record: Record<string, unknown> }): Promise<MemberGrowth> {
  const levels = await levelsOf(args.db, args.tenantId);
  const growthValue = Number(args.record.growthValue ?? 0);
  const level = levels.find((l) => l.id === Number(args.record.level)) ?? null;
  // Only enabled free levels can still be reached by growth.
  const ladder = levels.filter((l) => l.enabled && l.levelType === 'FREE' && l.growthThreshold !== null);
  const next = ladder.find((l) => (l.growthThreshold as number) > growthValue && (!level || l.rankOrder > level.rankOrder)) ?? null;
  return {
    growthValue,
    level: level ? summary(level) : null,
    nextLevel: next ? summary(next) : null,
    toNext: next ? (next.growthThreshold as number) - growthValue : null,
  };
}

/** `GET /v1/<name>/growth/:id` for one member view. */
function growthRoute(app: FastifyInstance, engine: EngineHandle): void {
  const name = engine.resource.name;
  const read = engine.resource.access.read.map((action) => ({ resourceId: engine.resourceId, action }));
  app.get<{ Params: { id: string } }>(`/v1/${name}/growth/:id`, {
    config: { requires: read },
    schema: { tags: [name], summary: 'Level, growth value and the next free level of one member', params: { type: 'object', properties: { id: { type: 'integer' } } } },
  }, async (request) => {
    const id = Number(request.params.id);
    if (!Number.isSafeInteger(id) || id < 1) throw notFound();
    // engine.info answers 404 for a member outside the caller's tenant, centre or view.
    const record = await engine.info(request, id);
    return ok(await memberGrowth({ db: app.database.db, tenantId: request.auth!.tenantId, record }));
  });
}

const memberSaveHooks: ServerHooks = {
  async beforeSave({ operation, values, db, auth }) {
    if (operation !== 'create') return;
    values.memberNumber = await allocateMemberNumber({ db, tenantId: auth.tenantId });
    // Whole seconds: the API shows seconds, so a range filter on the shown time finds the member.
    values.registeredAt ??= new Date(Math.floor(Date.now() / 1000) * 1000);
  },
};

export const memberHooks = defineServerHooks('member', { ...memberSaveHooks, routes: growthRoute });
export const dqshMemberHooks = defineServerHooks('dqsh-member', { routes: growthRoute });
export const marketcenterMemberHooks = defineServerHooks('marketcenter-member', { routes: growthRoute });
