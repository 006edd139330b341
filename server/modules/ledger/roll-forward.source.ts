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

/** The number of the cell's book (its place among the view's declared books), for the row key. */
function bookNumber(view: RollForwardView): SQL {
  const codes = Object.keys(view.columns.book.options);
  return sql.raw(`(case c.book ${codes.map((c, i) => `when '${c}' then ${i}`).join(' ')} end)`);
}

/**
 * The rows of a roll-forward: `entries` (tenant_id, book, store_key, month and the four figures
 * summed, one row per book, store and month with entries; store_key 0 for no store: `bookRows`) and
 * `lots` (tenant_id, book, store_key, remaining, expires_at of the open lots) as one row per book,
 * store and month.
 */
function rollForwardRows(args: { view: RollForwardView; entries: SQL; lots: SQL }): SQL {
  const net = sql`(c.issued - c.redeemed - c.expired + c.adjusted)`;
  const current = sql`date_trunc('month', now() at time zone c.time_zone)::date`;
  const within = (days: number) => sql`now() + make_interval(days => ${sql.raw(String(days))})`;
  // An overdue lot the hourly job has not expired yet is due too.
  const due = (days: number) => sql`coalesce(sum(l.remaining) filter (where l.expires_at < ${within(days)}), 0)`;
  const dueOn = (days: number) => sql`case when c.month = ${current} then coalesce(d.d${sql.raw(String(days))}, 0) else 0 end`;
  // One row per book, store and month from the book's first month at the store to the current one:
  // each month with entries spans the months up to the next one with entries (or the current
  // month), its figures on its first. The monthly sums are read once, and the reader's merchant (the
  // outer `r.tenant_id = …`, through the windows' partitions and the grouping) reaches the entries'
  // and the monthly rows' own indexes instead of every merchant's rows being summed. (A grid of
  // every pair's months left-joined to the sums read them twice, and its join's plan rested on the
  // entries' estimate: a merge on book and store alone compared each month with every month of its
  // pair, 172,747 comparisons for 2,920 rows of the value roll-forward on the bench.)
  const thisMonth = sql`date_trunc('month', now() at time zone z.time_zone)::date`;
  const first = (figure: string) => sql.raw(`case when t.month = m.month then m.${figure} else 0 end as ${figure}`);
  return sql`(with monthly as (${args.entries}),
    cells as (
      select m.tenant_id, m.book, m.store_key, t.month::date as month, z.time_zone,
        ${first('issued')}, ${first('redeemed')}, ${first('expired')}, ${first('adjusted')}
      from monthly m join tenants z on z.id = m.tenant_id
      cross join lateral generate_series(m.month, least((m.next - interval '1 month')::date, ${thisMonth}), interval '1 month')
        as t(month)),
    due as (
      select l.tenant_id, l.book, l.store_key, ${due(30)} as d30, ${due(60)} as d60, ${due(90)} as d90
      from (${args.lots}) l where l.remaining > 0 and l.expires_at < ${within(90)} group by 1, 2, 3)
    select c.tenant_id, c.book, c.store_key, c.month,
      (c.month::timestamp at time zone c.time_zone) as month_start,
      ((extract(year from c.month)::bigint * 12 + extract(month from c.month)::bigint - 1) * 10 + ${bookNumber(args.view)})
        * 1000000000 + c.store_key as id,
      c.book || ':' || c.store_key as pair,
      c.issued, c.redeemed, c.expired, c.adjusted,
      sum(${net}) over w as closing, sum(${net}) over w - ${net} as opening,
      ${dueOn(30)} as expiring30, ${dueOn(60)} as expiring60, ${dueOn(90)} as expiring90
    from cells c
    left join due d on d.tenant_id = c.tenant_id and d.book = c.book and d.store_key = c.store_key
    window w as (partition by c.tenant_id, c.book, c.store_key order by c.month)) r
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
 * A book's sums per merchant, store and month (each source's rows with the four figures of their
 * kind, summed): for a merchant whose zone is the daily totals' (server/modules/reports), from its
 * monthly rows (a month of that zone, the current one included: the trigger keeps it with the
 * days); for any other, from its entries. Either way the months sum to the same figures.
 */
function bookRows(args: { fromDaily: boolean; daily: SQL; entries: SQL }): SQL {
  // Each source summed on its own, with the month of its pair's next sums (`next`): the planner
  // counts the entries as the whole ledger, and one aggregate over both would be planned for as many
  // months, sorted rather than hashed (the value roll-forward's 16,834 monthly rows of the bench,
  // with 200,000 cards: 247 ms a year over a grid of every pair's months joined to one aggregate,
  // 123 ms with each source summed apart and no grid, the machine's load average about 7).
  const summed = (rows: SQL) => sql`select b.tenant_id, b.book, b.store_key, b.month, sum(b.issued) as issued,
    sum(b.redeemed) as redeemed, sum(b.expired) as expired, sum(b.adjusted) as adjusted,
    lead(b.month) over (partition by b.tenant_id, b.book, b.store_key order by b.month) as next
    from (${rows}) b group by 1, 2, 3, 4`;
  if (!args.fromDaily) return summed(sql`${args.entries} join tenants z0 on z0.id = e.tenant_id`);
  // The zone (DAILY_TOTALS_ZONE) as daily_totals_zone() of migration `ledger_monthly`, declared
  // PARALLEL UNSAFE: a statement naming it is planned without parallel workers. The planner counts
  // the entries' branch as the whole ledger and starts two workers for each read of `monthly`,
  // when the months of a merchant of the zone are a few thousand rows (points roll-forward on the
  // bench's 10,000,000 entries: 103 ms a year with the workers, 49 ms without, load average 5).
  return sql`${summed(sql`${args.daily} join tenants z0 on z0.id = e.tenant_id and z0.time_zone = daily_totals_zone()`)}
    union all ${summed(sql`${args.entries} join tenants z0 on z0.id = e.tenant_id and z0.time_zone <> daily_totals_zone()`)}`;
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
