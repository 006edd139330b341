import type { PoolClient } from 'pg';
import { intFlag, parseFlags, switchFlag, textFlag } from './lib/bench-args';
import { openBenchDatabase } from './lib/bench-database';
import { DEFAULT_TENANT_CODE, generatedTenantId, tenantReferences } from './lib/bench-tenant';

/**
 * Adds to the generated tenant (`npm run bench:generate` first) what the coupon, fuel, paid level,
 * store transactions and card reports read, over the same five years, with set-based SQL:
 *
 *   npm run bench:generate-report-rows -- [--sales 1500000] [--coupons 1000000] [--orders 200000]
 *                                         [--cards 200000] [--tenant bench1m] [--data-dir …] [--force]
 *
 * - sales the tills sent: four in five by members, at the tenant's stores; one fuel line of the
 *   demo goods' grades each, one in ten with a second grade, one in three with a shop item, one in
 *   fifty half returned;
 * - coupons of eight templates (ids 1–8, no template rows): four in ten used at a store, the rest
 *   unused, valid 7–66 days from their issue (so most of the unused ones have expired);
 * - paid level orders of the tenant's levels, paid, refunded or expired, by four channels;
 * - prepaid cards of the four card types in turn (the tenant's card templates of each type, the demo
 *   master data's), each sold at a store with its account and its ledger entries (value_entries,
 *   holder `card`): the sale loading the face value, then 0–27 entries spread over up to a year
 *   after it (never later than now): top-ups of half the face value (rechargeable templates), payments
 *   of 1–3 % of it at any store, refunds of 1 %, adjustments of ±0.5 %, and one card in 25 voided
 *   at the end; about 14.5 entries a card (2,900,000 for 200,000 cards), each entry's afters the
 *   card's running balance, the account and card left at the last one.
 *
 * The rows go in with the triggers off (`session_replication_role = replica`), then the reports'
 * daily totals are rebuilt from them (`recompute_report_daily`; the cards' in the value ledger's,
 * `recompute_daily_totals`) and the tables analysed. Idempotent per tenant, each part on its own:
 * the counter `bench:report-rows` holds the sales, coupons and orders generated, `bench:card-rows`
 * the cards, and a part whose counter matches is skipped (so the cards can be added to a tenant
 * that has the rest); `--force` replaces the rows of both.
 */

const MARKER = 'bench:report-rows';
const CARD_MARKER = 'bench:card-rows';
/** Cards a statement makes (with their accounts, then their entries: about 14.5 each). */
const CARD_CHUNK = 25_000;
/** The card types the card reports read, the n-th card of the n-th modulo 4. */
const CARD_TYPES = ['RECHARGEABLE_CARD', 'IMPREST_CARD', 'ONLINE_GIFT_CARD', 'OFFLINE_GIFT_CARD'];
const CHUNK = 250_000;
/** Five years of seconds: the rows' times spread over them, back from now. */
const SPAN_SECONDS = 1826 * 86_400;

interface Part {
  /** The counter that holds what this part generated (its `wanted`), so a second run skips it. */
  readonly marker: string;
  readonly wanted: number;
  readonly what: string;
  /** Writes the rows (triggers off) in the open transaction of `client`. */
  readonly write: (client: PoolClient) => Promise<void>;
  /** Rebuilds the daily totals of the rows (triggers on again), in the same transaction. */
  readonly rebuild: string;
  readonly analyse: readonly string[];
}

async function main(): Promise<void> {
  const flags = parseFlags(process.argv.slice(2), ['sales', 'coupons', 'orders', 'cards', 'tenant', 'database-url', 'data-dir'], ['force']);
  const sales = intFlag(flags, 'sales', 1_500_000);
  const coupons = intFlag(flags, 'coupons', 1_000_000);
  const orders = intFlag(flags, 'orders', 200_000);
  const cards = intFlag(flags, 'cards', 200_000);
  const bench = await openBenchDatabase({ databaseUrl: textFlag(flags, 'database-url'), dataDir: textFlag(flags, 'data-dir') });
  let since = performance.now();
  /** Prints how long the phase that just ended took. */
  const mark = (phase: string) => {
    console.log(`[${phase}] ${((performance.now() - since) / 1000).toFixed(1)} s`);
    since = performance.now();
  };
  try {
    const tenantId = await generatedTenantId(bench.database, textFlag(flags, 'tenant', DEFAULT_TENANT_CODE));
    const { storeIds, levelIds } = await tenantReferences(bench.database, tenantId);
    const parts: Part[] = [
      {
        marker: MARKER,
        wanted: sales + coupons + orders,
        what: 'report rows',
        write: (client) => writeReportRows({ client, tenantId, storeIds, levelIds, sales, coupons, orders, mark }),
        rebuild: 'select recompute_report_daily($1::bigint)',
        analyse: ['sales_transactions', 'coupons', 'paid_level_orders', 'coupon_daily', 'fuel_daily'],
      },
      {
        marker: CARD_MARKER,
        wanted: cards,
        what: 'prepaid cards',
        write: (client) => writeCardRows({ client, tenantId, storeIds, cards, mark }),
        // The value ledger's daily and monthly totals (the points ledger's are rebuilt alike, unchanged).
        rebuild: 'select recompute_daily_totals($1::bigint)',
        analyse: ['prepay_cards', 'value_accounts', 'value_entries', 'value_daily', 'value_monthly', 'points_daily', 'points_monthly'],
      },
    ];
    for (const part of parts) {
      const marker = await bench.database.pool.query<{ value: string }>('select value from counters where tenant_id = $1 and name = $2', [
        tenantId,
        part.marker,
      ]);
      if (Number(marker.rows[0]?.value ?? -1) === part.wanted && !switchFlag(flags, 'force')) {
        console.log(`tenant ${tenantId} already holds the ${part.what} (${part.wanted.toLocaleString('en')}); --force to replace them`);
        continue;
      }
      const client = await bench.database.pool.connect();
      try {
        await client.query('begin');
        await client.query("set local work_mem = '256MB'");
        await client.query('set local session_replication_role = replica');
        await part.write(client);
        await client.query('set local session_replication_role = origin');
        await client.query(part.rebuild, [tenantId]);
        mark('daily totals rebuilt');
        await client.query(
          `insert into counters (tenant_id, name, value) values ($1, $2, $3)
          on conflict (tenant_id, name) do update set value = excluded.value, updated_at = now()`,
          [tenantId, part.marker, part.wanted],
        );
        await client.query('commit');
      } catch (error) {
        await client.query('rollback');
        throw error;
      } finally {
        client.release();
      }
      for (const table of part.analyse) await bench.database.pool.query(`vacuum analyze ${table}`);
      mark('vacuum analyze');
    }
  } finally {
    await bench.stop();
  }
}

/** The sales, coupons and paid level orders (their rows replaced). */
async function writeReportRows(args: {
  client: PoolClient;
  tenantId: number;
  storeIds: readonly number[];
  levelIds: ReadonlyMap<string, number>;
  sales: number;
  coupons: number;
  orders: number;
  mark: (phase: string) => void;
}): Promise<void> {
  const { client, tenantId, storeIds, levelIds, sales, coupons, orders, mark } = args;
  const products = await client.query<{ code: string; fuel_type: string | null }>(
    'select code, fuel_type from products where tenant_id = $1 order by code',
    [tenantId],
  );
  const fuels = products.rows.filter((p) => p.fuel_type !== null).map((p) => p.code);
  const shop = products.rows.find((p) => p.fuel_type === null)?.code;
  if (fuels.length === 0 || !shop) throw new Error('the tenant has no fuel goods and shop goods (the demo master data)');
  const span = await client.query<{ min: string; max: string }>('select min(id) as min, max(id) as max from members where tenant_id = $1', [
    tenantId,
  ]);
  const firstMember = Number(span.rows[0].min);
  const members = Number(span.rows[0].max) - firstMember + 1;
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
}

/**
 * The prepaid cards with their accounts and entries (the generated cards, numbered `BCC…`, replaced):
 * per chunk of cards, the cards, then an account each, then their entries with the running
 * balance as afters, then the account and card at the last entry's balance.
 */
async function writeCardRows(args: {
  client: PoolClient;
  tenantId: number;
  storeIds: readonly number[];
  cards: number;
  mark: (phase: string) => void;
}): Promise<void> {
  const { client, tenantId, storeIds, cards, mark } = args;
  const templates = await client.query<{ type: string; n: string }>(
    `select card_template_type as type, count(*) as n from card_templates where tenant_id = $1 and card_template_type = any($2::text[])
      group by 1`,
    [tenantId, CARD_TYPES],
  );
  if (templates.rows.length < CARD_TYPES.length)
    throw new Error('the tenant lacks a card template of each card type (the demo master data)');
  const generated = `select id from prepay_cards where tenant_id = $1 and number like 'BCC%'`;
  await client.query(`delete from value_entries where tenant_id = $1 and holder_kind = 'card' and card_id in (${generated})`, [tenantId]);
  await client.query(`delete from value_accounts where tenant_id = $1 and holder_kind = 'card' and card_id in (${generated})`, [tenantId]);
  await client.query(`delete from prepay_cards where tenant_id = $1 and number like 'BCC%'`, [tenantId]);
  mark('cards cleared');
  const number = (g: number) => `BCC${String(g).padStart(9, '0')}`;
  // The chunk's cards, with their template and g (the number's digits).
  const chunkCards = `select c.id, c.face_value as f, c.sold_at, c.store, t.rechargeable, substr(c.number, 4)::bigint as g
    from prepay_cards c join card_templates t on t.tenant_id = c.tenant_id and t.id = c.template
    where c.tenant_id = $1 and c.number between $2 and $3`;
  let entries = 0;
  for (let from = 1; from <= cards; from += CARD_CHUNK) {
    const to = Math.min(cards, from + CARD_CHUNK - 1);
    const range = [tenantId, number(from), number(to)];
    // The n-th card is of the (n mod 4)-th type, of its type's templates in turn; sold at a store over five years.
    await client.query(
      `with tpl as (
          select id, card_template_type as type, face_value, row_number() over (partition by card_template_type order by id) - 1 as k,
            count(*) over (partition by card_template_type) as n
          from card_templates where tenant_id = $1 and card_template_type = any($5::text[]))
        insert into prepay_cards (tenant_id, number, template, card_type, state, face_value, balance, store, sold_at, valid_from)
        select $1, 'BCC' || lpad(g::text, 9, '0'), tpl.id, tpl.type, 'ACTIVATED', tpl.face_value, 0, ($4::bigint[])[1 + g % array_length($4::bigint[], 1)],
          s.at, (s.at at time zone 'Asia/Shanghai')::date
        from generate_series($2::bigint, $3::bigint) g
        cross join lateral (select now() - ((hashint8(g + 11) & 2147483647) % ${SPAN_SECONDS}) * interval '1 second' as at) s
        join tpl on tpl.type = ($5::text[])[1 + g % 4] and tpl.k = (g / 4) % tpl.n`,
      [tenantId, from, to, storeIds, CARD_TYPES],
    );
    await client.query(
      `insert into value_accounts (tenant_id, holder_kind, card_id, principal, gift, balance, state)
        select $1, 'card', c.id, 0, 0, 0, 'NORMAL' from (${chunkCards}) c`,
      range,
    );
    // Planned with the chunk's cards counted: a plan for an empty table joins them by scans, card by card.
    if (from === 1) await client.query('analyze prepay_cards, value_accounts');
    // Each card's entries: j = 0 its sale, then by r (0–19) a top-up (rechargeable), a payment, a refund or an
    // adjustment; the last of one card in 25 its void (the balance before it, written off).
    const written = await client.query(
      `with c as (${chunkCards}),
        step as (
          select c.*, a.id as account_id, q.n, j,
            case when j = 0 then 'sale' when j = q.n - 1 and c.g % 25 = 0 then 'void'
              when r.r < 4 and c.rechargeable then 'topup' when r.r < 15 then 'pay' when r.r < 18 then 'refund' else 'adjust' end as kind
          from c join value_accounts a on a.tenant_id = $1 and a.holder_kind = 'card' and a.card_id = c.id
          cross join lateral (select 1 + (hashint8(c.g + 3) & 2147483647) % 28 as n) q
          cross join lateral generate_series(0, q.n - 1) j
          cross join lateral (select (c.g * 31 + j * 7) % 20 as r) r),
        moved as (
          select s.*, case s.kind when 'sale' then s.f when 'topup' then round(s.f / 2, 2)
              when 'pay' then 0 - round(s.f * (1 + (s.g + s.j) % 3) / 100, 2) when 'refund' then round(s.f / 100, 2)
              when 'adjust' then case when s.j % 2 = 0 then 0 - round(s.f / 200, 2) else round(s.f / 200, 2) end else 0 end as delta
          from step s),
        run as (select m.*, sum(m.delta) over (partition by m.id order by m.j) as after from moved m)
        insert into value_entries (tenant_id, account_id, holder_kind, card_id, principal_delta, gift_delta, principal_after, gift_after,
          balance_after, kind, channel, source_type, source_id, store_id, occurred_at)
        select $1, r.account_id, 'card', r.id, case when r.kind = 'void' then 0 - r.after else r.delta end, 0,
          case when r.kind = 'void' then 0 else r.after end, 0, case when r.kind = 'void' then 0 else r.after end, r.kind, 'store',
          case r.kind when 'sale' then 'card-sale' when 'topup' then 'card-topup' when 'pay' then 'card-pay' when 'refund' then 'refund'
            when 'adjust' then 'card-adjust' else 'card-void' end,
          'BCE' || r.g || '-' || r.j,
          case when r.j = 0 then r.store else ($4::bigint[])[1 + (r.g + r.j) % array_length($4::bigint[], 1)] end,
          r.sold_at + least(r.n * interval '13 days', now() - r.sold_at) * (r.j::float8 / r.n)
        from run r order by r.id, r.j`,
      [...range, storeIds],
    );
    entries += written.rowCount ?? 0;
    await client.query(
      `with last as (
          select distinct on (e.card_id) e.card_id, e.balance_after, e.kind, e.occurred_at,
            sum(greatest(e.principal_delta, 0)) over (partition by e.card_id) as put_in,
            sum(greatest(0 - e.principal_delta, 0)) over (partition by e.card_id) as taken_out
          from value_entries e where e.tenant_id = $1 and e.holder_kind = 'card' and e.card_id in (select id from (${chunkCards}) c)
          order by e.card_id, e.id desc),
        accounts as (
          update value_accounts a set principal = l.balance_after, balance = l.balance_after, principal_in = l.put_in,
            principal_out = l.taken_out, last_entry_at = l.occurred_at
          from last l where a.tenant_id = $1 and a.holder_kind = 'card' and a.card_id = l.card_id)
        update prepay_cards c set balance = l.balance_after,
          state = case when l.kind = 'void' then 'VOIDED' when l.balance_after = 0 then 'USED_UP' else 'ACTIVATED' end
        from last l where c.tenant_id = $1 and c.id = l.card_id`,
      range,
    );
    mark(`cards ${from.toLocaleString('en')}–${to.toLocaleString('en')}`);
  }
  mark(`${cards.toLocaleString('en')} cards, ${entries.toLocaleString('en')} card entries`);
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
