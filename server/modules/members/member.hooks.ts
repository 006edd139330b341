import { asc, eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { defineServerHooks, type EngineHandle } from '../../crud/server-hooks.define';
import { deriveTable } from '../../crud/table.derive';
import type { DbOrTx } from '../../db/connection';
import { badInput, notFound, ok, type FieldError } from '../../http/envelope';
import type { FieldDef } from '../../../resources/define';
import { pick } from '../../../resources/messages/bilingual';
import { toJsonNumber } from '../../../resources/money/decimal';
import { growthDocs } from './member.openapi';
import type { LevelSummary, MemberGrowth } from '../../../resources/contract/member.types';
import { levelResource } from '../../../resources/member/level.resource';
import { memberResource } from '../../../resources/member/member.resource';
import { assignEntryLevel } from '../levels/level-evaluation';
import { fireMemberEvent, fireRegistration } from '../activities/events/member-events';
import { recordEvent } from '../webhooks/outbox';

/**
 * Server side of members (member.resource.ts) and of its views:
 *
 * - saveNew stamps the registration time when none is given (the member number, `M` + 9
 *   digits, is drawn by the engine from the declaration's `numbering`).
 * - saveNew and modify refuse (400, naming the field) a body that sets a field an engine owns —
 *   the level (level-change.ts), the growth value, the state (the state actions) — to anything
 *   but what the member already holds (see {@link refuseEngineOwned}).
 * - `GET /v1/<view>/growth/:id`: the member's level and growth value, the next free level and the
 *   growth still needed, read through the view so the view's scope (centre, profile) holds.
 *
 * The views (`dqsh-member`, `marketcenter-member`) run the base's save hooks themselves (the
 * engine lends them); each gets its own growth route here.
 */

// The growth answer's shapes are the contract's (the member detail screen reads them).
export type { LevelSummary, MemberGrowth };

interface LevelRow extends LevelSummary {
  readonly enabled: boolean;
}

async function levelsOf(db: DbOrTx, tenantId: number): Promise<LevelRow[]> {
  const t = deriveTable(levelResource);
  const rows = await db
    .select({
      id: t.id,
      name: t.name,
      levelType: t.levelType,
      rankOrder: t.rankOrder,
      growthThreshold: t.growthThreshold,
      pointsMultiplier: t.pointsMultiplier,
      discount: t.discount,
      state: t.state,
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
  app.get<{ Params: { id: string } }>(
    `/v1/${name}/growth/:id`,
    {
      config: { requires: read },
      schema: {
        summary: 'Level, growth value and the next free level of one member',
        params: { type: 'object', properties: { id: { type: 'integer' } } },
        ...growthDocs(engine.resource),
      },
    },
    async (request) => {
      const id = Number(request.params.id);
      if (!Number.isSafeInteger(id) || id < 1) throw notFound();
      // engine.info answers 404 for a member outside the caller's tenant, centre or view.
      const record = await engine.info(request, id);
      return ok(await memberGrowth({ db: app.database.db, tenantId: request.auth!.tenantId, record }));
    },
  );
}

/**
 * Member fields that only their engine moves, each with its cause recorded: the level (the level
 * engine: growth, evaluation, purchase, a batch document's change, with incentives), the growth
 * value (earned by spending), the state (the freeze / unfreeze / cancel actions, with a reason
 * and the state history). The engine never writes them from a body anyway (`serverManaged`,
 * the state field); this names them so a body that tries is told so.
 */
export const ENGINE_OWNED_MEMBER_FIELDS = ['level', 'growthValue', 'state'] as const;

/** Whether a value sent for an engine-owned field is the one held (an echo of the record). */
function sameValue(sent: unknown, held: unknown): boolean {
  if (sent === null || sent === undefined || sent === '') return held === null || held === undefined;
  if (held === null || held === undefined) return false;
  if (typeof held === 'number') return Number(sent) === held;
  return String(sent) === String(held);
}

/**
 * Refuses (400, one entry per field) a saveNew or modify body that sets an engine-owned field to
 * something other than what the member holds: its default on create, its stored value on
 * modify. Chosen over ignoring the field silently, because a client that believes it set a
 * member's level (a paid one, say) must learn it did not; a body that only echoes the record it
 * read is accepted, so read-modify-write clients keep working. Bodies of background jobs (file
 * imports) carry no such fields: import columns of fields a body may not write are skipped.
 */
export function refuseEngineOwned(args: {
  body: unknown;
  current: Record<string, unknown> | null;
  locale: Parameters<typeof pick>[1];
}): void {
  const { body } = args;
  if (!body || typeof body !== 'object' || Buffer.isBuffer(body)) return;
  const sent = body as Record<string, unknown>;
  const issues: FieldError[] = [];
  for (const name of ENGINE_OWNED_MEMBER_FIELDS) {
    if (!Object.prototype.hasOwnProperty.call(sent, name)) continue;
    const f: FieldDef = memberResource.fields[name];
    const held = args.current ? args.current[name] : ((name === 'state' ? memberResource.states?.initial : f.defaultValue) ?? null);
    if (sameValue(sent[name], held)) continue;
    issues.push({ field: name, key: 'member.engineOwned', values: { label: pick(f.label, args.locale) } });
  }
  if (issues.length > 0) throw badInput('error.fieldsInvalid', issues);
}

export const memberHooks = defineServerHooks(memberResource, {
  beforeSave({ operation, values, body, actor, current }) {
    refuseEngineOwned({ body, current: operation === 'create' ? null : current, locale: actor.locale });
    if (operation !== 'create') return;
    // Whole seconds: the API shows seconds, so a range filter on the shown time finds the member.
    values.registeredAt ??= new Date(Math.floor(Date.now() / 1000) * 1000);
  },
  // A new member starts on the entry level (the lowest-rank enabled free level), recorded as a
  // level change with the cause `register`; the answer shows the level given (version 1 still).
  // Then the registration's activities give, in the same transaction: register gifts, and the
  // invite gifts of the member and the inviter (server/modules/activities/events/).
  async afterSave({ operation, record, db, actor }) {
    if (operation !== 'create') return;
    if (record.level === null || record.level === undefined) {
      const change = await assignEntryLevel({ tx: db, tenantId: actor.tenantId, memberId: Number(record.id), operatorId: actor.userId });
      if (change?.changed) record.level = change.toLevelId;
    }
    // Every way a member is created (the form, an import, a till) saves through here.
    await recordEvent(db, {
      tenantId: actor.tenantId,
      type: 'MEMBER_REGISTERED',
      memberId: Number(record.id),
      data: { memberId: Number(record.id), memberNumber: record.memberNumber ?? null, levelId: record.level ?? null },
    });
    const invitedBy = record.invitedBy === null || record.invitedBy === undefined ? null : Number(record.invitedBy);
    const now = actor.now ?? new Date();
    await fireRegistration({ tx: db, tenantId: actor.tenantId, memberId: Number(record.id), invitedBy, now, operatorId: actor.userId });
  },
  // Activation (member-activation.routes.ts): the activation gifts, in the action's transaction.
  afterAction: {
    async activate({ record, db, actor }) {
      const memberId = Number(record.id);
      const now = actor.now ?? new Date();
      const event = { kind: 'ACTIVATE_GIFT' } as const;
      await fireMemberEvent({
        tx: db,
        tenantId: actor.tenantId,
        memberId,
        event,
        source: 'activate',
        sourceNo: 'activate',
        now,
        operatorId: actor.userId,
      });
    },
  },
  routes: growthRoute,
});
export const dqshMemberHooks = defineServerHooks('dqsh-member', { routes: growthRoute });
export const marketcenterMemberHooks = defineServerHooks('marketcenter-member', { routes: growthRoute });
