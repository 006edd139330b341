import { asc, eq } from 'drizzle-orm';
import { storeResource } from '../../../resources/datum/store.resource';
import { deriveTable } from '../../crud/table.derive';
import { recordSale } from '../../modules/sale/sale.service';
import type { Db } from '../connection';
import { adminOf, membersInUse } from './activity.seed';
import type { DemoSeeder, DemoSeedInput } from './seeders';

/**
 * Fuel sold at the demo's first three stations over the last thirteen months (so the fuel reports
 * show this year against last), to members and to walk-in customers (a sale without a member,
 * as a till sends it), through the sales service like every demo sale. Members get 0.30 yuan off
 * a litre, walk-in customers pay the list price. Before the marketing activities (promotion), so
 * they fire on none of these. Deterministic.
 */

const DAY_MS = 24 * 60 * 60 * 1000;
const SALES = 60;

/** The fuel products of the datum seed (code and list price a litre). */
const FUELS = [
  { code: 'P0001', price: 756 },
  { code: 'P0002', price: 805 },
  { code: 'P0003', price: 895 },
  { code: 'P0004', price: 722 },
] as const;

/** Members' discount a litre, in cents. */
const MEMBER_DISCOUNT = 30;

const yuan = (cents: number) => (cents / 100).toFixed(2);

async function seedFuelSales(input: DemoSeedInput): Promise<void> {
  const { tx, tenantId } = input;
  const members = await membersInUse(tx, tenantId);
  const userId = await adminOf(tx, tenantId);
  const s = deriveTable(storeResource);
  const stations = (await tx.select({ id: s.id }).from(s).where(eq(s.tenantId, tenantId)).orderBy(asc(s.id)).limit(3)).map((r) =>
    Number(r.id),
  );
  if (userId === null || stations.length === 0 || members.length === 0) return;
  const buyers = members.slice(-12);
  // The sales service runs its own (nested: a savepoint here) transaction under the idempotency rule.
  const db = tx as unknown as Db;
  const now = Date.now();
  for (let i = 0; i < SALES; i += 1) {
    const fuel = FUELS[(i * 7) % FUELS.length];
    // A third of the sales are walk-in customers'; litres from 15 to 59.
    const member = i % 3 === 0 ? null : buyers[i % buyers.length];
    const litres = 15 + ((i * 37) % 45);
    const discount = member ? litres * MEMBER_DISCOUNT : 0;
    await recordSale({
      db,
      tenantId,
      operatorId: userId,
      // Spread over 400 days, the last fortnight denser, so last year's same period has figures too.
      now: new Date(now - (i < 20 ? i % 14 : (i * 13) % 400) * DAY_MS - (i % 9) * 3_600_000),
      sale: {
        orderNo: `DEMO-F${String(i + 1).padStart(4, '0')}`,
        memberId: member?.id ?? null,
        storeId: stations[i % stations.length],
        lines: [{ goodsCode: fuel.code, quantity: litres, amount: yuan(litres * fuel.price - discount), discount: yuan(discount) }],
      },
    });
  }
}

/** After the members; before the marketing activities (promotion names it), so none fires on these. */
export const fuelSalesSeeder: DemoSeeder = { name: 'fuel-sales', after: ['members', 'activity'], seed: seedFuelSales };
