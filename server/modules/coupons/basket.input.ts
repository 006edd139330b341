import { sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/connection';
import { AppError } from '../../http/envelope';
import { toCents } from '../../money/money';
import type { Basket, BasketLine } from './discounts/basket';

/** A basket as a till sends it: goods (products.id), quantity and amount per line, and the freight. */
export interface BasketInput {
  readonly storeId: number;
  readonly lines: readonly { readonly goodsId: number; readonly quantity: string | number; readonly amount: string | number }[];
  readonly freight?: string | number | null;
}

const fieldError = (field: string, key: string, values: Record<string, string | number> = {}) =>
  new AppError('badInput', 'error.fieldsInvalid', { fields: [{ field, key, values }] });

/** Thousandths of a unit from a quantity with at most 3 decimals, above 0; null otherwise. */
function milli(value: string | number): bigint | null {
  const text = typeof value === 'number' ? (Number.isFinite(value) ? String(value) : '') : value.trim();
  const m = /^(\d{1,9})(?:\.(\d{1,3}))?$/.exec(text);
  if (!m) return null;
  const result = BigInt(m[1]) * 1000n + BigInt((m[2] ?? '').padEnd(3, '0'));
  return result > 0n ? result : null;
}

/** Cents of a money value of 0 or more with at most 2 decimals; null otherwise. */
function amountCents(value: string | number): bigint | null {
  const cents = toCents(value);
  return cents === null || cents < 0n ? null : cents;
}

/**
 * The basket as the discount functions read it: each line's goods with its brand and its category
 * and every category above it (a template listing a category covers its subcategories), money in
 * cents, quantities in thousandths. The store and every goods id must be the tenant's: otherwise
 * 400 naming `storeId` or `lines.<i>.goodsId`; bad numbers 400 naming their field.
 */
export async function readBasket(tx: DbOrTx, tenantId: number, input: BasketInput): Promise<Basket> {
  const store = await tx.execute(sql`select 1 from stores where tenant_id = ${tenantId} and id = ${input.storeId}`);
  if (store.rows.length === 0) throw fieldError('storeId', 'coupons.storeUnknown', { storeId: input.storeId });
  const goodsIds = [...new Set(input.lines.map((l) => l.goodsId))];
  const result = await tx.execute<{ id: string; brand: string | null; categories: string[] }>(sql`
    with recursive up as (
      select p.id as goods, p.category as category from products p
        where p.tenant_id = ${tenantId} and p.id = any(${`{${goodsIds.join(',')}}`}::bigint[])
      union select up.goods, c.parent from up join categories c on c.tenant_id = ${tenantId} and c.id = up.category where c.parent is not null
    )
    select p.id, p.brand, array(select u.category from up u where u.goods = p.id and u.category is not null) as categories
    from products p where p.tenant_id = ${tenantId} and p.id = any(${`{${goodsIds.join(',')}}`}::bigint[])`);
  const goods = new Map(result.rows.map((r) => [Number(r.id), r]));
  const lines: BasketLine[] = input.lines.map((line, i) => {
    const found = goods.get(line.goodsId);
    if (!found) throw fieldError(`lines.${i}.goodsId`, 'coupons.goodsUnknown', { goodsId: line.goodsId });
    const quantityMilli = milli(line.quantity);
    if (quantityMilli === null) throw fieldError(`lines.${i}.quantity`, 'coupons.quantityInvalid');
    const cents = amountCents(line.amount);
    if (cents === null) throw fieldError(`lines.${i}.amount`, 'coupons.amountInvalid');
    return {
      lineNo: i + 1,
      goodsId: line.goodsId,
      categoryIds: found.categories.map(Number),
      brandId: found.brand === null ? null : Number(found.brand),
      quantityMilli,
      amountCents: cents,
    };
  });
  const freight = input.freight === undefined || input.freight === null ? 0n : amountCents(input.freight);
  if (freight === null) throw fieldError('freight', 'coupons.amountInvalid');
  return { lines, freightCents: freight };
}
