import { intFlag, parseFlags, switchFlag, textFlag } from './lib/bench-args';
import { openBenchDatabase } from './lib/bench-database';
import { DEFAULT_TENANT_CODE, generatedTenantId, tenantReferences } from './lib/bench-tenant';

/**
 * Adds to the generated tenant (`npm run bench:generate` first) what the coupon, fuel, paid level
 * and store transactions reports read, over the same five years, with set-based SQL:
 *
 *   npm run bench:generate-report-rows -- [--sales 1500000] [--coupons 1000000] [--orders 200000]
 *                                         [--tenant bench1m] [--data-dir …] [--force]
 *
 * - sales the tills sent: four in five by members, at the tenant's stores; one fuel line of the
 *   demo goods' grades each, one in ten with a second grade, one in three with a shop item, one in
 *   fifty half returned;
 * - coupons of eight templates (ids 1–8, no template rows): four in ten used at a store, the rest
 *   unused, valid 7–66 days from their issue (so most of the unused ones have expired);
 * - paid level orders of the tenant's levels, paid, refunded or expired, by four channels.
 *
 * The rows go in with the triggers off (`session_replication_role = replica`), then the reports'
 * daily totals are rebuilt from them (`recompute_report_daily`) and the tables analysed.
 * Idempotent per tenant: the counter `bench:report-rows` holds what was generated; `--force`
 * replaces the rows.
 */

const MARKER = 'bench:report-rows';
const CHUNK = 250_000;
/** Five years of seconds: the rows' times spread over them, back from now. */
const SPAN_SECONDS = 1826 * 86_400;

async function main(): Promise<void> {
  const flags = parseFlags(process.argv.slice(2), ['sales', 'coupons', 'orders', 'tenant', 'database-url', 'data-dir'], ['force']);
  const sales = intFlag(flags, 'sales', 1_500_000);
  const coupons = intFlag(flags, 'coupons', 1_000_000);
  const orders = intFlag(flags, 'orders', 200_000);
  const bench = await openBenchDatabase({ databaseUrl: textFlag(flags, 'database-url'), dataDir: textFlag(flags, 'data-dir') });
  let since = performance.now();
  /** Prints how long the phase that just ended took. */
  const mark = (phase: string) => {
    console.log(`[${phase}] ${((performance.now() - since) / 1000).toFixed(1)} s`);
    since = performance.now();
  };
  try {
    const tenantId = await generatedTenantId(bench.database, textFlag(flags, 'tenant', DEFAULT_TENANT_CODE));
    const wanted = sales + coupons + orders;
    const marker = await bench.database.pool.query<{ value: string }>('select value from counters where tenant_id = $1 and name = $2', [
      tenantId,
      MARKER,
    ]);
    if (Number(marker.rows[0]?.value ?? -1) === wanted && !switchFlag(flags, 'force')) {
      console.log(`tenant ${tenantId} already holds the report rows (${wanted.toLocaleString('en')}); --force to replace them`);
      return;
    }
    const { storeIds, levelIds } = await tenantReferences(bench.database, tenantId);
    const products = await bench.database.pool.query<{ code: string; fuel_type: string | null }>(
      'select code, fuel_type from products where tenant_id = $1 order by code',
      [tenantId],
    );
    const fuels = products.rows.filter((p) => p.fuel_type !== null).map((p) => p.code);
    const shop = products.rows.find((p) => p.fuel_type === null)?.code;
    if (fuels.length === 0 || !shop) throw new Error('the tenant has no fuel goods and shop goods (the demo master data)');
    const span = await bench.database.pool.query<{ min: string; max: string }>(
      'select min(id) as min, max(id) as max from members where tenant_id = $1',
      [tenantId],
    );
    const firstMember = Number(span.rows[0].min);
    const members = Number(span.rows[0].max) - firstMember + 1;
    const client = await bench.database.pool.connect();
    try {
      await client.query('begin');
      await client.query('set local session_replication_role = replica');
      for (const table of ['sales_transactions', 'coupons', 'paid_level_orders']) {
        await client.query(`delete from ${table} where tenant_id = $1`, [tenantId]);
      }
      mark('cleared');
      const member = `($2::bigint + (hashint8(g) & 2147483647) % $3::bigint)`;
      const at = `now() - ((hashint8(g + 7) & 2147483647) % ${SPAN_SECONDS}) * interval '1 second'`;
      const store = `($4::bigint[])[1 + (g % array_length($4::bigint[], 1))]`;
      const chunks = async (count: number, statement: string, params: unknown[]) => {
        for (let from = 1; from <= count; from += CHUNK) {
          await client.query(statement, [tenantId, firstMember, members, storeIds, from, Math.min(count, from + CHUNK - 1), ...params]);
        }
      };
      await chunks(
        sales,
        `insert into sales_transactions (tenant_id, order_no, member_id, store_id, amount, points, returned_amount, lines, response,
            occurred_at)
          select $1, 'BR' || g, case when g % 5 = 0 then null else ${member} end, ${store}, l.total,
            case when g % 5 = 0 then 0 else floor(l.total)::bigint end, case when g % 50 = 0 then round(l.total / 2, 2) else 0 end,
            l.lines, '{}'::jsonb, ${at}
          from generate_series($5::bigint, $6::bigint) g
          cross join lateral (select round(10 + (g * 7919 % 5000) / 100.0, 2) as litres) q
          cross join lateral (select
              jsonb_build_array(jsonb_build_object('goodsCode', ($7::text[])[1 + g % array_length($7::text[], 1)], 'quantity', q.litres,
                'amount', round(q.litres * 7.5, 2)::text, 'discount', (g % 4)::text))
              || case when g % 10 = 0 then jsonb_build_array(jsonb_build_object('goodsCode',
                ($7::text[])[1 + (g + 1) % array_length($7::text[], 1)], 'quantity', 20, 'amount', '150.00')) else '[]'::jsonb end
              || case when g % 3 = 0 then jsonb_build_array(jsonb_build_object('goodsCode', $8::text, 'quantity', 1,
                'amount', '12.00')) else '[]'::jsonb end as lines,
            round(q.litres * 7.5, 2) + case when g % 10 = 0 then 150 else 0 end + case when g % 3 = 0 then 12 else 0 end as total) l`,
        [fuels, shop],
      );
      mark(`${sales.toLocaleString('en')} sales`);
      await chunks(
        coupons,
        `insert into coupons (tenant_id, code, template, line_type, member, source, face_value, state, issued_at, valid_from, valid_to,
            used_at, used_store, discount, order_no)
          select $1, 'BRC' || g, 1 + g % 8, 'all_cash', ${member}, 'manual', case when g % 8 < 6 then 10 end,
            case when g % 10 < 4 then 'USED' else 'ISSUED' end, a.at, a.at, a.at + (7 + g % 60) * interval '1 day',
            case when g % 10 < 4 then a.at + (g % 7) * interval '1 day' end, case when g % 10 < 4 then ${store} end,
            case when g % 10 < 4 then 10 end, case when g % 10 < 4 then 'BR' || g end
          from generate_series($5::bigint, $6::bigint) g cross join lateral (select ${at} as at) a`,
        [],
      );
      mark(`${coupons.toLocaleString('en')} coupons`);
      await chunks(
        orders,
        `insert into paid_level_orders (tenant_id, number, member_id, member_name, level, amount, term_months, paid_at, store,
            pay_channel, state)
          select $1, 'BRL' || g, ${member}, '会员' || g, ($7::bigint[])[1 + g % array_length($7::bigint[], 1)], 99 + (g % 3) * 100,
            12 * (1 + g % 2), ${at}, case when g % 4 = 0 then null else ${store} end,
            (array['WECHAT', 'ALIPAY', 'STORED_VALUE', 'CASH'])[1 + g % 4], (array['PAID', 'PAID', 'PAID', 'REFUNDED', 'EXPIRED'])[1 + g % 5]
          from generate_series($5::bigint, $6::bigint) g`,
        [[...levelIds.values()]],
      );
      mark(`${orders.toLocaleString('en')} paid level orders`);
      await client.query('set local session_replication_role = origin');
      await client.query('select recompute_report_daily($1::bigint)', [tenantId]);
      mark('daily totals rebuilt');
      await client.query(
        `insert into counters (tenant_id, name, value) values ($1, $2, $3)
        on conflict (tenant_id, name) do update set value = excluded.value, updated_at = now()`,
        [tenantId, MARKER, wanted],
      );
      await client.query('commit');
    } catch (error) {
      await client.query('rollback');
      throw error;
    } finally {
      client.release();
    }
    for (const table of ['sales_transactions', 'coupons', 'paid_level_orders', 'coupon_daily', 'fuel_daily']) {
      await bench.database.pool.query(`vacuum analyze ${table}`);
    }
    mark('vacuum analyze');
  } finally {
    await bench.stop();
  }
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
