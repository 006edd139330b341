import { and, eq, inArray, sql, type SQL } from 'drizzle-orm';
import type { FastifyRequest } from 'fastify';
import { hasAction, type Grants } from '../../../resources/access';
import { CARD_TEMPLATE_TYPES, type CardTemplateType } from '../../../resources/catalog/card-template-types';
import type { Action, PermissionRef } from '../../../resources/catalog/types';
import { pick } from '../../../resources/messages/bilingual';
import { compareExact, exactText } from '../../crud/decimal';
import { defineServerHooks, type HookContext, type StoredRecord } from '../../crud/server-hooks.define';
import type { DbOrTx } from '../../db/connection';
import { counters } from '../../db/schema/index';
import { badInput, forbidden, notFound, ok, type FieldError } from '../../http/envelope';
import { cardTemplateResource } from '../../../resources/deposit/card-template.resource';

/**
 * Server side of card templates (§7 card template endpoints):
 *
 * - Numbers. `POST /v1/card-template/allocateTemplateNumber` hands out `CT` + 8 digits from the
 *   tenant's `card-template` counter (server/db/schema/counters.schema.ts) with a single
 *   `INSERT … ON CONFLICT DO UPDATE … RETURNING`, so concurrent callers never share a number.
 *   saveNew allocates one itself when the body has none, and refuses a number the counter has
 *   not handed out yet, so a hand-typed number can never collide with a later allocation.
 * - `GET /v1/card-template/info-by-number?number=` is the specification's lookup by number; the
 *   detail route guard reads `data.cardTemplateType` from it.
 * - Permissions per card type. The entry's own resource (储值/卡模板) is never granted; each card
 *   type has its pair (卡模板查看 / 卡模板维护) on its own resource. Routes accept any type's pair,
 *   then every call is held to the type of the record it touches: lists and pickers only show
 *   viewable types; reading, saving, deleting or moving a record of a type the caller may not
 *   see or maintain answers 403.
 */

/** Name of the counter row that numbers card templates. */
export const TEMPLATE_NUMBER_COUNTER = 'card-template';
/** Template numbers are `CT` followed by at least 8 digits. */
export const TEMPLATE_NUMBER_PREFIX = 'CT';
const NUMBER_DIGITS = 8;
const NUMBER_PATTERN = /^CT(\d{8,12})$/;
/** Serial digits a card number keeps after its prefix. */
const MIN_SERIAL_DIGITS = 6;

/** `7` -> `CT00000007`. */
export function formatTemplateNumber(value: number): string {
  return `${TEMPLATE_NUMBER_PREFIX}${String(value).padStart(NUMBER_DIGITS, '0')}`;
}

/** `CT00000007` -> `7`; null for anything that is not a template number. */
export function parseTemplateNumber(number: string): number | null {
  const match = NUMBER_PATTERN.exec(number);
  return match ? Number(match[1]) : null;
}

/**
 * Draws the next template number of a tenant. One statement: the first call inserts the
 * counter row, every later one increments it; PostgreSQL serialises concurrent callers on the
 * row, so each gets its own value. Inside a transaction the row stays locked until commit, and a
 * rollback gives the number back.
 */
export async function allocateTemplateNumber(args: { db: DbOrTx; tenantId: number }): Promise<string> {
  const [row] = await args.db
    .insert(counters)
    .values({ tenantId: args.tenantId, name: TEMPLATE_NUMBER_COUNTER, value: 1 })
    .onConflictDoUpdate({
      target: [counters.tenantId, counters.name],
      set: { value: sql`${counters.value} + 1`, updatedAt: sql`now()` },
    })
    .returning({ value: counters.value });
  return formatTemplateNumber(row.value);
}

/** The last number handed out to a tenant (0 before the first). */
async function lastAllocated(args: { db: DbOrTx; tenantId: number }): Promise<number> {
  const [row] = await args.db
    .select({ value: counters.value })
    .from(counters)
    .where(and(eq(counters.tenantId, args.tenantId), eq(counters.name, TEMPLATE_NUMBER_COUNTER)));
  return row?.value ?? 0;
}

// ---------------------------------------------------------------------------------------------
// Permissions per card type
// ---------------------------------------------------------------------------------------------

const VIEW: Action = '卡模板查看';
const MAINTAIN: Action = '卡模板维护';

/** Card types the caller may maintain. */
export function maintainableTypes(grants: Grants): CardTemplateType[] {
  return CARD_TEMPLATE_TYPES.filter((t) => hasAction(grants, { resourceId: t.resourceId, action: MAINTAIN })).map((t) => t.type);
}

/** Card types the caller may see: the view action, or maintain (one sees what one edits). */
export function viewableTypes(grants: Grants): CardTemplateType[] {
  const maintain = maintainableTypes(grants);
  return CARD_TEMPLATE_TYPES
    .filter((t) => maintain.includes(t.type) || hasAction(grants, { resourceId: t.resourceId, action: VIEW }))
    .map((t) => t.type);
}

const refsFor = (actions: readonly Action[]): PermissionRef[] =>
  CARD_TEMPLATE_TYPES.flatMap((t) => actions.map((action) => ({ resourceId: t.resourceId, action })));

/** Route requirements: any card type's pair; the record's own type is checked afterwards. */
const READ_REFS = refsFor([VIEW, MAINTAIN]);
const WRITE_REFS = refsFor([MAINTAIN]);

function assertMaintainable(grants: Grants, type: unknown): void {
  if (!maintainableTypes(grants).includes(type as CardTemplateType)) throw forbidden('cardTemplate.typeForbidden');
}

function assertViewable(grants: Grants, type: unknown): void {
  if (!viewableTypes(grants).includes(type as CardTemplateType)) throw forbidden('cardTemplate.typeForbidden');
}

// ---------------------------------------------------------------------------------------------
// Saving
// ---------------------------------------------------------------------------------------------

function label(request: FastifyRequest, name: keyof typeof cardTemplateResource.fields): string {
  return pick(cardTemplateResource.fields[name].label, request.ctx.locale);
}

const blank = (value: unknown) => value === null || value === undefined || value === '';

/**
 * Rules across fields the declaration cannot state: the validity matching its type, the price
 * not above the face value, enough serial digits in the card number. Fields of the validity
 * type not chosen are cleared so a template never carries two validities.
 */
function checkTerms(args: { request: FastifyRequest; values: StoredRecord; current: StoredRecord | null }): FieldError[] {
  const { request, values } = args;
  const merged = { ...args.current, ...values };
  const issues: FieldError[] = [];
  const required = (field: 'validityMonths' | 'validPeriod') =>
    issues.push({ field, key: 'validation.required', values: { label: label(request, field) } });
  if (merged.validityType === 'FIXED') {
    if (blank(merged.validPeriodFrom) || blank(merged.validPeriodTo)) required('validPeriod');
    else if (String(merged.validPeriodFrom) > String(merged.validPeriodTo)) {
      issues.push({ field: 'validPeriod', key: 'cardTemplate.periodReversed' });
    }
    values.validityMonths = null;
  } else {
    if (blank(merged.validityMonths)) required('validityMonths');
    values.validPeriodFrom = null;
    values.validPeriodTo = null;
  }
  const face = exactText(merged.faceValue);
  const price = exactText(merged.price);
  if (face !== null && price !== null && compareExact(price, face) > 0) {
    issues.push({ field: 'price', key: 'cardTemplate.priceAboveFace' });
  }
  const prefix = typeof merged.cardNumberPrefix === 'string' ? merged.cardNumberPrefix : '';
  const length = Number(merged.cardNumberLength);
  if (Number.isFinite(length) && length - prefix.length < MIN_SERIAL_DIGITS) {
    issues.push({ field: 'cardNumberLength', key: 'cardTemplate.serialTooShort', values: { min: MIN_SERIAL_DIGITS } });
  }
  return issues;
}

/** Gives a new template its number: an allocated one from the body, or a fresh one. */
async function assignNumber(ctx: HookContext & { values: StoredRecord }): Promise<FieldError[]> {
  const { db, auth, values } = ctx;
  if (blank(values.number)) {
    values.number = await allocateTemplateNumber({ db, tenantId: auth.tenantId });
    return [];
  }
  const number = String(values.number);
  const value = parseTemplateNumber(number);
  if (value === null || value < 1 || value > (await lastAllocated({ db, tenantId: auth.tenantId }))) {
    return [{ field: 'number', key: 'cardTemplate.numberNotAllocated', values: { number } }];
  }
  return [];
}

// ---------------------------------------------------------------------------------------------
// The hooks
// ---------------------------------------------------------------------------------------------

function typeCondition(ctx: HookContext, types: readonly CardTemplateType[]): SQL {
  return types.length === 0 ? sql`false` : inArray(ctx.table.cardTemplateType, [...types]);
}

export const cardTemplateHooks = defineServerHooks('card-template', {
  requires: { read: READ_REFS, write: WRITE_REFS },

  // Lists, pickers, details and the rows a write may touch: viewable types only. A relation
  // check from another resource's form (a card sale bill) is governed by that resource.
  rowFilter: (ctx) => (ctx.operation === 'reference' ? undefined : typeCondition(ctx, viewableTypes(ctx.auth.grants))),

  async beforeSave(ctx) {
    const { auth, values, current, operation, request } = ctx;
    assertMaintainable(auth.grants, operation === 'create' ? values.cardTemplateType : current?.cardTemplateType);
    const issues = checkTerms({ request, values, current });
    if (operation === 'create') issues.push(...(await assignNumber(ctx)));
    if (issues.length > 0) throw badInput('error.fieldsInvalid', issues);
  },

  beforeDelete: ({ auth, record }) => assertMaintainable(auth.grants, record.cardTemplateType),

  beforeAction: {
    enable: ({ auth, record }) => assertMaintainable(auth.grants, record.cardTemplateType),
    disable: ({ auth, record }) => assertMaintainable(auth.grants, record.cardTemplateType),
  },

  routes(app, engine) {
    app.post('/v1/card-template/allocateTemplateNumber', { config: { requires: WRITE_REFS } }, async (request) => {
      const auth = request.auth!;
      return ok(await allocateTemplateNumber({ db: app.database.db, tenantId: auth.tenantId }));
    });

    app.get<{ Querystring: { number: string } }>('/v1/card-template/info-by-number', {
      config: { requires: READ_REFS },
      schema: {
        querystring: {
          type: 'object',
          required: ['number'],
          properties: { number: { type: 'string', minLength: 1, maxLength: 40 } },
        },
      },
    }, async (request) => {
      const auth = request.auth!;
      const t = engine.table;
      const [row] = await app.database.db
        .select({ id: t.id, cardTemplateType: t.cardTemplateType })
        .from(t)
        .where(and(eq(t.tenantId, auth.tenantId), eq(t.number, request.query.number.trim())));
      if (!row) throw notFound();
      assertViewable(auth.grants, row.cardTemplateType);
      return ok(await engine.info(request, Number(row.id)));
    });
  },
});
