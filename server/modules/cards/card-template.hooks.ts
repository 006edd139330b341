import { and, eq, inArray, sql, type SQL } from 'drizzle-orm';
import { hasAction, type Grants } from '../../../resources/access';
import { CARD_TEMPLATE_TYPES, type CardTemplateType } from '../../../resources/catalog/card-template-types';
import type { Action, PermissionRef } from '../../../resources/catalog/types';
import { compareExact } from '../../../resources/money/decimal';
import { drawNumber } from '../../crud/numbering';
import { defineServerHooks, type HookContext } from '../../crud/server-hooks.define';
import type { DbOrTx } from '../../db/connection';
import { badInput, forbidden, notFound, ok, type FieldError } from '../../http/envelope';
import { cardTemplateResource } from '../../../resources/deposit/card-template.resource';
import type { RecordOf } from '../../../resources/record-of';
import { cardTemplateDocs } from './card-template.openapi';

/**
 * Server side of card templates (§7 card template endpoints):
 *
 * - Numbers. `POST /v1/card-template/allocateTemplateNumber` hands out `CT` + 8 digits from the
 *   tenant's `card-template` counter through the engine's numbering service (the declaration's
 *   `numbering`, server/crud/numbering.ts), so concurrent callers never share a number. saveNew
 *   (the same service) draws one itself when the body has none, and refuses a number the counter
 *   has not handed out yet, so a hand-typed number can never collide with a later allocation.
 * - `GET /v1/card-template/info-by-number?number=` is the specification's lookup by number; the
 *   detail route guard reads `data.cardTemplateType` from it.
 * - Permissions per card type. The entry's own resource (储值/卡模板) is never granted; each card
 *   type has its pair (卡模板查看 / 卡模板维护) on its own resource. Routes accept any type's pair,
 *   then every call is held to the type of the record it touches: lists and pickers only show
 *   viewable types; reading, saving, deleting or moving a record of a type the caller may not
 *   see or maintain answers 403.
 */

/** Serial digits a card number keeps after its prefix. */
const MIN_SERIAL_DIGITS = 6;

/** Draws the next template number of a tenant (`CT00000007`), from the resource's own numbering. */
export function allocateTemplateNumber(args: { db: DbOrTx; tenantId: number }): Promise<string> {
  return drawNumber({ ...args, resource: cardTemplateResource });
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
  return CARD_TEMPLATE_TYPES.filter((t) => maintain.includes(t.type) || hasAction(grants, { resourceId: t.resourceId, action: VIEW })).map(
    (t) => t.type,
  );
}

const refsFor = (actions: readonly Action[]): PermissionRef[] =>
  CARD_TEMPLATE_TYPES.flatMap((t) => actions.map((action) => ({ resourceId: t.resourceId, action })));

/** Route requirements: any card type's pair; the record's own type is checked afterwards. */
const READ_REFS = refsFor([VIEW, MAINTAIN]);
const WRITE_REFS = refsFor([MAINTAIN]);

function assertMaintainable(grants: Grants, type: CardTemplateType | undefined): void {
  if (type === undefined || !maintainableTypes(grants).includes(type)) throw forbidden('cardTemplate.typeForbidden');
}

/** `type` as read from the table by an extra route (a column of the derived table is untyped). */
function assertViewable(grants: Grants, type: unknown): void {
  if (!viewableTypes(grants).some((viewable) => viewable === type)) throw forbidden('cardTemplate.typeForbidden');
}

/** A card template as the hooks read it. */
type CardTemplate = RecordOf<typeof cardTemplateResource>;

// ---------------------------------------------------------------------------------------------
// Saving
// ---------------------------------------------------------------------------------------------

/**
 * Rules across fields the declaration cannot state: the price not above the face value, enough
 * serial digits in the card number. (The validity of each validity type is declared with `when`:
 * the engine requires it and clears the other type's, so a template never carries two.)
 */
function checkTerms(args: { values: Partial<CardTemplate>; current: CardTemplate | null }): FieldError[] {
  const merged = { ...args.current, ...args.values };
  const issues: FieldError[] = [];
  const face = merged.faceValue;
  const price = merged.price;
  if (face !== undefined && price !== undefined && compareExact(price, face) > 0) {
    issues.push({ field: 'price', key: 'cardTemplate.priceAboveFace' });
  }
  const prefix = merged.cardNumberPrefix ?? '';
  const length = merged.cardNumberLength;
  if (length !== undefined && length - prefix.length < MIN_SERIAL_DIGITS) {
    issues.push({ field: 'cardNumberLength', key: 'cardTemplate.serialTooShort', values: { min: MIN_SERIAL_DIGITS } });
  }
  return issues;
}

// ---------------------------------------------------------------------------------------------
// The hooks
// ---------------------------------------------------------------------------------------------

function typeCondition(ctx: HookContext, types: readonly CardTemplateType[]): SQL {
  return types.length === 0 ? sql`false` : inArray(ctx.table.cardTemplateType, [...types]);
}

export const cardTemplateHooks = defineServerHooks(cardTemplateResource, {
  requires: { read: READ_REFS, write: WRITE_REFS },

  // Lists, pickers, details and the rows a write may touch: viewable types only. A relation
  // check from another resource's form (a card sale bill) is governed by that resource.
  rowFilter: (ctx) => (ctx.operation === 'reference' ? undefined : typeCondition(ctx, viewableTypes(ctx.actor.grants))),

  async beforeSave(ctx) {
    const { actor, values, current, operation } = ctx;
    assertMaintainable(actor.grants, operation === 'create' ? values.cardTemplateType : current?.cardTemplateType);
    const issues = checkTerms({ values, current });
    if (issues.length > 0) throw badInput('error.fieldsInvalid', issues);
  },

  beforeDelete: ({ actor, record }) => assertMaintainable(actor.grants, record.cardTemplateType),

  beforeAction: {
    enable: ({ actor, record }) => assertMaintainable(actor.grants, record.cardTemplateType),
    disable: ({ actor, record }) => assertMaintainable(actor.grants, record.cardTemplateType),
  },

  routes(app, engine) {
    app.post(
      '/v1/card-template/allocateTemplateNumber',
      { schema: cardTemplateDocs.allocateTemplateNumber, config: { requires: WRITE_REFS } },
      async (request) => {
        const auth = request.auth!;
        return ok(await allocateTemplateNumber({ db: app.database.db, tenantId: auth.tenantId }));
      },
    );

    app.get<{ Querystring: { number: string } }>(
      '/v1/card-template/info-by-number',
      {
        config: { requires: READ_REFS },
        schema: {
          querystring: {
            type: 'object',
            required: ['number'],
            properties: { number: { type: 'string', minLength: 1, maxLength: 40 } },
          },
          ...cardTemplateDocs.infoByNumber,
        },
      },
      async (request) => {
        const auth = request.auth!;
        const t = engine.table;
        const [row] = await app.database.db
          .select({ id: t.id, cardTemplateType: t.cardTemplateType })
          .from(t)
          .where(and(eq(t.tenantId, auth.tenantId), eq(t.number, request.query.number.trim())));
        if (!row) throw notFound();
        assertViewable(auth.grants, row.cardTemplateType);
        return ok(await engine.info(request, Number(row.id)));
      },
    );
  },
});
