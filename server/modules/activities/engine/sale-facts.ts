import { sql } from 'drizzle-orm';
import type { DbOrTx } from '../../../db/connection';
import type { PaymentFact, SaleFacts, SaleLineFact } from '../../../../resources/promotion/activity-engine';
import type { ActiveSet } from './active-set';
import { localCalendar } from './select';

/**
 * A sale as the activities see it: the lines with their goods' category and brand codes from the
 * product master, the store's area and marketing centre, the member's level, the merchant's
 * calendar facts of its instant. Only what some activity of the set needs is read.
 */

export interface SaleFactsInput {
  readonly orderNo: string;
  readonly memberId: number;
  readonly storeId: number | null;
  readonly channelCode: string | null;
  readonly at: Date;
  readonly lines: readonly { readonly goodsCode: string; readonly quantity: number; readonly amountCents: bigint }[];
  readonly payments: readonly PaymentFact[];
  readonly defaultCentsPerPoint: bigint;
}

async function goodsMaster(
  tx: DbOrTx,
  tenantId: number,
  codes: readonly string[],
): Promise<Map<string, { category: string | null; brand: string | null }>> {
  const unique = [...new Set(codes)];
  const result = await tx.execute<{ code: string; category_code: string | null; brand_code: string | null }>(sql`
    select p.code, c.code as category_code, b.code as brand_code from products p
      left join categories c on c.tenant_id = p.tenant_id and c.id = p.category
      left join brands b on b.tenant_id = p.tenant_id and b.id = p.brand
    where p.tenant_id = ${tenantId} and p.code in (${sql.join(
      unique.map((code) => sql`${code}`),
      sql`, `,
    )})`);
  return new Map(result.rows.map((row) => [row.code, { category: row.category_code, brand: row.brand_code }]));
}

async function storePlace(
  tx: DbOrTx,
  tenantId: number,
  storeId: number | null,
): Promise<{ areaId: number | null; marketingCenterId: number | null }> {
  if (storeId === null) return { areaId: null, marketingCenterId: null };
  const result = await tx.execute<{ area: number | null; marketing_center: number | null }>(sql`
    select area, marketing_center from stores where tenant_id = ${tenantId} and id = ${storeId}`);
  const row = result.rows[0];
  return {
    areaId: row?.area === null || row?.area === undefined ? null : Number(row.area),
    marketingCenterId: row?.marketing_center === null || row?.marketing_center === undefined ? null : Number(row.marketing_center),
  };
}

async function memberLevel(tx: DbOrTx, tenantId: number, memberId: number): Promise<number | null> {
  const result = await tx.execute<{ level: number | null }>(
    sql`select level from members where tenant_id = ${tenantId} and id = ${memberId}`,
  );
  const level = result.rows[0]?.level;
  return level === null || level === undefined ? null : Number(level);
}

/** The sale's facts for the set's activities. */
export async function saleFacts(tx: DbOrTx, tenantId: number, set: ActiveSet, input: SaleFactsInput): Promise<SaleFacts> {
  const master = set.needs.goodsMaster
    ? await goodsMaster(
        tx,
        tenantId,
        input.lines.map((line) => line.goodsCode),
      )
    : null;
  const place = set.needs.store ? await storePlace(tx, tenantId, input.storeId) : { areaId: null, marketingCenterId: null };
  const levelId = set.needs.level ? await memberLevel(tx, tenantId, input.memberId) : null;
  const lines: SaleLineFact[] = input.lines.map((line) => {
    const goods = master?.get(line.goodsCode);
    return {
      goodsCode: line.goodsCode,
      categoryCode: goods?.category ?? null,
      brandCode: goods?.brand ?? null,
      quantity: line.quantity,
      amountCents: line.amountCents,
    };
  });
  return {
    orderNo: input.orderNo,
    memberId: input.memberId,
    levelId,
    storeId: input.storeId,
    ...place,
    channelCode: input.channelCode,
    at: input.at,
    ...localCalendar(input.at, set.timeZone),
    lines,
    payments: input.payments,
    defaultCentsPerPoint: input.defaultCentsPerPoint,
  };
}
