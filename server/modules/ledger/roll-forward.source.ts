import { getTableName, sql, type SQL } from 'drizzle-orm';
import { pointsRollForwardView, valueRollForwardView, type RollForwardView } from '../../../resources/data-table/roll-forward.query-view';
import { prepayCardResource } from '../../../resources/deposit/prepay-card.resource';
import { defineViewSource, type ViewSource } from '../../crud/query-view.source';
import { deriveTable } from '../../crud/table.derive';
import { STORES_TABLE } from '../reads/store-lookup';

/**
 * The sources of the liability roll-forwards (resources/data-table/roll-forward.query-view.ts),
 * read from the ledgers' monthly totals (points_monthly, value_monthly: server/modules/reports; the
 * entries themselves for a merchant in another zone): the entries of each book (points; members' stored value and
 * each card type of the value ledger) summed by store and month of the merchant's zone, on a grid
 * of every month from a book's first entry at a store to the current month, the closing being the
 * running sum of the entries (so it is the sum of every entry up to the month's end, and the
 * current month's is the accounts' balance). What expires in the next 30 / 60 / 90 days is read
 * from the open lots (points lots, gift lots) on the current month's rows.
 */
const CARDS = sql.identifier(getTableName(deriveTable(prepayCardResource)));

/** One entry's figures, each its own kind of entry, so issued − redeemed − expired + adjusted is its delta. */
interface EntryFigures {
  readonly delta: SQL;
  readonly issued: readonly string[];
  readonly redeemed: readonly string[];
  readonly expired: readonly string[];
}

const kinds = (list: readonly string[]) => sql.raw(list.map((k) => `'${k}'`).join(', '));

function figureColumns(f: EntryFigures): SQL {
  return sql`case when e.kind in (${kinds(f.issued)}) then ${f.delta} else 0 end as issued,
    case when e.kind in (${kinds(f.redeemed)}) then 0 - ${f.delta} else 0 end as redeemed,
    case when e.kind in (${kinds(f.expired)}) then 0 - ${f.delta} else 0 end as expired,
    case when e.kind in (${kinds([...f.issued, ...f.redeemed, ...f.expired])}) then 0 else ${f.delta} end as adjusted`;
}

/** The number of the grid row's book (its place among the view's declared books), for the row key. */
function bookNumber(view: RollForwardView): SQL {
  const codes = Object.keys(view.columns.book.options);
  return sql.raw(`(case g.book ${codes.map((c, i) => `when '${c}' then ${i}`).join(' ')} end)`);
}

/**
 * The rows of a roll-forward: `entries` (tenant_id, book, store_key, month and the four figures of
 * each entry; store_key 0 for no store) and `lots` (tenant_id, book, store_key, remaining,
 * expires_at of the open lots) summed into one row per book, store and month.
 */
function rollForwardRows(args: { view: RollForwardView; entries: SQL; lots: SQL }): SQL {
  const net = sql`(coalesce(m.issued, 0) - coalesce(m.redeemed, 0) - coalesce(m.expired, 0) + coalesce(m.adjusted, 0))`;
  const current = sql`date_trunc('month', now() at time zone g.time_zone)::date`;
  const within = (days: number) => sql`now() + make_interval(days => ${sql.raw(String(days))})`;
  // An overdue lot the hourly job has not expired yet is due too.
  const due = (days: number) => sql`coalesce(sum(l.remaining) filter (where l.expires_at < ${within(days)}), 0)`;
  const dueOn = (days: number) => sql`case when g.month = ${current} then coalesce(d.d${sql.raw(String(days))}, 0) else 0 end`;
  // `monthly` is read twice (the pairs and the grid's join): not materialised, so the reader's
  // merchant (the outer `r.tenant_id = …`, through the window's partition and the joins) reaches
  // the entries' and the monthly rows' own indexes instead of every merchant's rows being summed.
  return sql`(with entries as (${args.entries}),
    monthly as not materialized (
      select e.tenant_id, e.book, e.store_key, e.month,
        sum(e.issued) as issued, sum(e.redeemed) as redeemed, sum(e.expired) as expired, sum(e.adjusted) as adjusted
      from entries e group by 1, 2, 3, 4),
    pairs as (select tenant_id, book, store_key, min(month) as first from monthly group by 1, 2, 3),
    grid as (
      select p.tenant_id, p.book, p.store_key, s.month::date as month, z.time_zone
      from pairs p join tenants z on z.id = p.tenant_id
      cross join lateral generate_series(p.first, date_trunc('month', now() at time zone z.time_zone)::date, interval '1 month') as s(month)),
    due as (
      select l.tenant_id, l.book, l.store_key, ${due(30)} as d30, ${due(60)} as d60, ${due(90)} as d90
      from (${args.lots}) l where l.remaining > 0 and l.expires_at < ${within(90)} group by 1, 2, 3)
    select g.tenant_id, g.book, g.store_key, g.month,
      (g.month::timestamp at time zone g.time_zone) as month_start,
      ((extract(year from g.month)::bigint * 12 + extract(month from g.month)::bigint - 1) * 10 + ${bookNumber(args.view)})
        * 1000000000 + g.store_key as id,
      g.book || ':' || g.store_key as pair,
      coalesce(m.issued, 0) as issued, coalesce(m.redeemed, 0) as redeemed,
      coalesce(m.expired, 0) as expired, coalesce(m.adjusted, 0) as adjusted,
      sum(${net}) over w as closing, sum(${net}) over w - ${net} as opening,
      ${dueOn(30)} as expiring30, ${dueOn(60)} as expiring60, ${dueOn(90)} as expiring90
    from grid g
    left join monthly m on m.tenant_id = g.tenant_id and m.book = g.book and m.store_key = g.store_key and m.month = g.month
    left join due d on d.tenant_id = g.tenant_id and d.book = g.book and d.store_key = g.store_key
    window w as (partition by g.tenant_id, g.book, g.store_key order by g.month)) r
    left join ${STORES_TABLE} s on s.tenant_id = r.tenant_id and s.id = nullif(r.store_key, 0)`;
}

/** Each pair's figure at its first (`asc`) or last (`desc`) month among the rows: an opening or a closing. */
const atEdge = (figure: 'opening' | 'closing', order: 'asc' | 'desc') =>
  sql`(select coalesce(sum(f.v), 0) from (select distinct on (u.k) u.v
      from unnest(array_agg(r.pair), array_agg(r.month), array_agg(r.${sql.raw(figure)})) as u(k, m, v)
      order by u.k, u.m ${sql.raw(order)}) f)`;

function rollForwardSource(args: { view: RollForwardView; entries: SQL; lots: SQL }): ViewSource {
  return defineViewSource({
    view: args.view,
    from: rollForwardRows(args),
    scope: (actor) => sql`r.tenant_id = ${actor.tenantId}`,
    columns: {
      id: sql`r.id`,
      monthStart: sql`r.month_start`,
      month: sql`(to_char(r.month, 'YYYYMM'))::int`,
      monthLabel: sql`to_char(r.month, 'YYYY-MM')`,
      book: sql`r.book`,
      storeId: sql`nullif(r.store_key, 0)`,
      storeName: sql`s.name`,
      opening: sql`r.opening`,
      issued: sql`r.issued`,
      redeemed: sql`r.redeemed`,
      expired: sql`r.expired`,
      adjusted: sql`r.adjusted`,
      closing: sql`r.closing`,
    },
    filters: { areaId: sql`s.area` },
    measures: {
      opening: atEdge('opening', 'asc'),
      issued: sql`coalesce(sum(r.issued), 0)`,
      redeemed: sql`coalesce(sum(r.redeemed), 0)`,
      expired: sql`coalesce(sum(r.expired), 0)`,
      adjusted: sql`coalesce(sum(r.adjusted), 0)`,
      closing: atEdge('closing', 'desc'),
      expiring30: sql`coalesce(sum(r.expiring30), 0)`,
      expiring60: sql`coalesce(sum(r.expiring60), 0)`,
      expiring90: sql`coalesce(sum(r.expiring90), 0)`,
    },
    dimensions: { month: sql`(to_char(r.month, 'YYYYMM'))::int`, book: sql`r.book`, storeId: sql`nullif(r.store_key, 0)` },
    dimensionTitles: { month: sql`to_char(r.month, 'YYYY-MM')` },
  });
}

/**
 * A book's rows, each with the four figures of its kind: for a merchant whose zone is the daily
 * totals' (server/modules/reports), one per month, store and kind from their monthly rows (a month
 * of that zone, the current one included: the trigger keeps it with the days); for any other, one
 * per entry. Either way the months sum to the same figures.
 */
function bookRows(args: { fromDaily: boolean; daily: SQL; entries: SQL }): SQL {
  if (!args.fromDaily) return sql`${args.entries} join tenants z0 on z0.id = e.tenant_id`;
  // The zone (DAILY_TOTALS_ZONE) as daily_totals_zone() of migration `ledger_monthly`, declared
  // PARALLEL UNSAFE: a statement naming it is planned without parallel workers. The planner counts
  // the entries' branch as the whole ledger and starts two workers for each read of `monthly`,
  // when the months of a merchant of the zone are a few thousand rows (points roll-forward on the
  // bench's 10,000,000 entries: 103 ms a year with the workers, 49 ms without).
  return sql`${args.daily} join tenants z0 on z0.id = e.tenant_id and z0.time_zone = daily_totals_zone()
    union all ${args.entries} join tenants z0 on z0.id = e.tenant_id and z0.time_zone <> daily_totals_zone()`;
}

/**
 * The month of a row in the merchant's zone (`z0`, the merchant joined by `bookRows`): a monthly
 * row's day is the first of a month of that zone already (bookRows takes those rows only for
 * merchants of the daily totals' zone), an entry's instant is placed in it.
 */
const MONTHLY_MONTH = sql`e.day`;
const ENTRY_MONTH = sql`date_trunc('month', e.occurred_at at time zone z0.time_zone)::date`;

const POINTS_FIGURES: EntryFigures = { delta: sql`e.delta`, issued: ['earn'], redeemed: ['spend'], expired: ['expire'] };

/** The points ledger's rows (its monthly totals, or its entries) and open lots, at the store of the entry. */
const pointsRows = (fromDaily: boolean) =>
  rollForwardSource({
    view: pointsRollForwardView,
    entries: bookRows({
      fromDaily,
      daily: sql`select e.tenant_id, 'POINTS'::text as book, coalesce(e.store_id, 0) as store_key,
        ${MONTHLY_MONTH} as month, ${figureColumns(POINTS_FIGURES)} from points_monthly e`,
      entries: sql`select e.tenant_id, 'POINTS'::text as book, coalesce(e.store_id, 0) as store_key, ${ENTRY_MONTH} as month,
        ${figureColumns(POINTS_FIGURES)} from points_entries e`,
    }),
    lots: sql`select l.tenant_id, 'POINTS'::text as book, coalesce(e.store_id, 0) as store_key, l.remaining, l.expires_at
      from points_lots l join points_entries e on e.tenant_id = l.tenant_id and e.id = l.entry_id`,
  });

/** The value ledger's book of an entry: the card's type, or members' stored value. */
const valueBook = sql`coalesce(c.card_type, 'STORED_VALUE')`;

const VALUE_FIGURES: EntryFigures = {
  delta: sql`(e.principal_delta + e.gift_delta)`,
  issued: ['recharge', 'sale', 'topup', 'init'],
  redeemed: ['pay', 'refund'],
  expired: ['expire'],
};

/** The value ledger's rows (principal + gift; its monthly totals, or its entries) and open gift lots, by holder: members' stored value or the card's type. */
const valueRows = (fromDaily: boolean) =>
  rollForwardSource({
    view: valueRollForwardView,
    entries: bookRows({
      fromDaily,
      daily: sql`select e.tenant_id, coalesce(e.card_type, 'STORED_VALUE') as book, coalesce(e.store_id, 0) as store_key,
        ${MONTHLY_MONTH} as month, ${figureColumns(VALUE_FIGURES)} from value_monthly e`,
      entries: sql`select e.tenant_id, ${valueBook} as book, coalesce(e.store_id, 0) as store_key, ${ENTRY_MONTH} as month,
        ${figureColumns(VALUE_FIGURES)}
        from value_entries e left join ${CARDS} c on c.tenant_id = e.tenant_id and c.id = e.card_id`,
    }),
    lots: sql`select l.tenant_id, ${valueBook} as book, coalesce(e.store_id, 0) as store_key, l.remaining, l.expires_at
      from value_gift_lots l join value_entries e on e.tenant_id = l.tenant_id and e.id = l.entry_id
      left join ${CARDS} c on c.tenant_id = e.tenant_id and c.id = e.card_id`,
  });

/** The sources of both roll-forwards (over the monthly totals where they serve). */
export const ROLL_FORWARD_SOURCES: readonly ViewSource[] = [pointsRows(true), valueRows(true)];

/** The same roll-forwards summed from the entries alone: what the monthly totals are checked against (test, bench). */
export const ROLL_FORWARD_FROM_ENTRIES: readonly ViewSource[] = [pointsRows(false), valueRows(false)];
