import { sql } from 'drizzle-orm';
import { bigint, boolean, date, index, numeric, pgTable, primaryKey, text, type AnyPgColumn } from 'drizzle-orm/pg-core';

/**
 * Daily totals of the ledgers (server/modules/reports/README.md): per tenant, day, store and
 * kind of entry (and what the reports filter on besides), how many entries and the sums of
 * their amounts. The reports' totals, grouped totals and charts read these instead of the
 * ledgers, so a year of a large merchant is a few hundred thousand rows at most, not millions.
 *
 * Kept by triggers in the posting transaction itself (migration `daily-totals`): each entry
 * inserted (or changed, or removed) adds a row of its amounts (or of their negation), so the
 * totals of every committed entry are there at once and no two postings wait on one shared row.
 * A job folds the rows of a key into one (`folded`), and `npm run reports:recompute` rebuilds
 * them from the ledgers. A day is a calendar day of {@link DAILY_TOTALS_ZONE}.
 */

const tenantId = () => bigint('tenant_id', { mode: 'number' }).notNull();
const money = (name: string) => numeric(name, { precision: 16, scale: 2 });

/**
 * A daily table's indexes: its days of a tenant, and its rows not folded yet (which the fold reads).
 * The days' index holds every column besides (its keys and sums), so a report's year is an
 * index-only scan of it, not a visit of each row's page (about three times faster on a year of
 * members_daily). Later columns of the index only ride along: the scan is by tenant and days.
 */
const dailyIndexes = (
  table: string,
  t: Readonly<Record<string, AnyPgColumn>> & { tenantId: AnyPgColumn; day: AnyPgColumn; folded: AnyPgColumn },
) => [
  index(`${table}_day_idx`).on(
    t.tenantId,
    t.day,
    ...Object.entries(t)
      .filter(([name]) => name !== 'tenantId' && name !== 'day' && name !== 'folded')
      .map(([, column]) => column),
  ),
  index(`${table}_unfolded_idx`)
    .on(t.tenantId, t.day)
    .where(sql`not ${t.folded}`),
];

/** The columns of the points ledger's daily and monthly totals. */
const pointsColumns = () => ({
  tenantId: tenantId(),
  day: date('day', { mode: 'string' }).notNull(),
  storeId: bigint('store_id', { mode: 'number' }),
  kind: text('kind').notNull(),
  sourceType: text('source_type').notNull(),
  channel: text('channel'),
  /** How many entries the row stands for (negative for a removal). */
  entries: bigint('entries', { mode: 'number' }).notNull(),
  /** Sum of the entries' deltas. */
  delta: bigint('delta', { mode: 'number' }).notNull(),
  /** Sum of the positive deltas (an adjustment may go either way). */
  deltaIn: bigint('delta_in', { mode: 'number' }).notNull(),
  /** A row the fold wrote (one per key); a trigger's rows are not folded yet. */
  folded: boolean('folded').notNull().default(false),
});

/** The points ledger's daily totals (points_entries). */
export const pointsDaily = pgTable('points_daily', pointsColumns(), (t) => dailyIndexes('points_daily', t));

/**
 * The same totals per month (`day`: its first day), kept by the same trigger, fold and recompute:
 * five years of the bench's 10,000,000 entries are 39,461 day rows but about 1,300 month rows, so
 * the roll-forward (a book's months from its first) reads these, and no day row.
 */
export const pointsMonthly = pgTable('points_monthly', pointsColumns(), (t) => dailyIndexes('points_monthly', t));

/** The columns of the value ledger's daily and monthly totals. */
const valueColumns = () => ({
  tenantId: tenantId(),
  day: date('day', { mode: 'string' }).notNull(),
  storeId: bigint('store_id', { mode: 'number' }),
  /** member | card */
  holderKind: text('holder_kind').notNull(),
  /** A card's type and template (null for a member's stored value). */
  cardType: text('card_type'),
  cardTemplate: bigint('card_template', { mode: 'number' }),
  kind: text('kind').notNull(),
  sourceType: text('source_type').notNull(),
  channel: text('channel'),
  entries: bigint('entries', { mode: 'number' }).notNull(),
  principalDelta: money('principal_delta').notNull(),
  giftDelta: money('gift_delta').notNull(),
  folded: boolean('folded').notNull().default(false),
});

/** The value ledger's daily totals (value_entries: members' stored value and prepaid cards). */
export const valueDaily = pgTable('value_daily', valueColumns(), (t) => dailyIndexes('value_daily', t));

/** The same totals per month (`day`: its first day), kept and read as {@link pointsMonthly}. */
export const valueMonthly = pgTable('value_monthly', valueColumns(), (t) => dailyIndexes('value_monthly', t));

/** The zone whose calendar days the daily totals keep (the platform's business zone). */
export const DAILY_TOTALS_ZONE = 'Asia/Shanghai';

/** The columns of the members' daily and monthly counts. */
const membersColumns = () => ({
  tenantId: tenantId(),
  day: date('day', { mode: 'string' }).notNull(),
  registerStore: bigint('register_store', { mode: 'number' }),
  marketingCenter: bigint('marketing_center', { mode: 'number' }),
  channel: text('channel'),
  profile: text('profile'),
  entries: bigint('entries', { mode: 'number' }).notNull(),
  /** How many of them are in use (state `using`, any case). */
  inUseEntries: bigint('in_use_entries', { mode: 'number' }).notNull().default(0),
  /** How many of them were invited by a member. */
  invitedEntries: bigint('invited_entries', { mode: 'number' }).notNull().default(0),
  folded: boolean('folded').notNull().default(false),
});

/**
 * Members by registration day and what the member home and the store growth report count them
 * by: registration store, centre, channel, profile; how many of them are in use and how many
 * were invited are counts of the row, not keys (four times fewer rows for a year's growth). A
 * member whose state changes is subtracted as it was and added as it is (the trigger).
 */
export const membersDaily = pgTable('members_daily', membersColumns(), (t) => dailyIndexes('members_daily', t));

/**
 * The same counts per registration month (`day`: its first day), kept by the same trigger, fold
 * and recompute: a year of the bench's million members is 36,786 day rows but 1,440 month rows, so
 * a range's whole months read these, its partial months the days (or their month less the days
 * outside the range; query-view.source.ts `rows.monthly`).
 */
export const membersMonthly = pgTable('members_monthly', membersColumns(), (t) => dailyIndexes('members_monthly', t));

/** How many members each centre has in each state and level (the member home), kept the same way. */
export const memberCounts = pgTable(
  'member_counts',
  {
    tenantId: tenantId(),
    marketingCenter: bigint('marketing_center', { mode: 'number' }),
    state: text('state'),
    level: bigint('level', { mode: 'number' }),
    entries: bigint('entries', { mode: 'number' }).notNull(),
    folded: boolean('folded').notNull().default(false),
  },
  (t) => [index('member_counts_tenant_idx').on(t.tenantId)],
);

/**
 * Coupon events by day (the coupon report): issued (the day, at no store), used (the
 * use's day and store, while the coupon is USED) and expiring (the validity's last day, while
 * the coupon is ISSUED: the report counts it expired once that instant has passed).
 */
export const couponDaily = pgTable(
  'coupon_daily',
  {
    tenantId: tenantId(),
    day: date('day', { mode: 'string' }).notNull(),
    /** issued | used | expired */
    event: text('event').notNull(),
    template: bigint('template', { mode: 'number' }).notNull(),
    source: text('source').notNull(),
    storeId: bigint('store_id', { mode: 'number' }),
    entries: bigint('entries', { mode: 'number' }).notNull(),
    /** Sum of the coupons' face values (none counts 0). */
    faceValue: money('face_value').notNull(),
    /** Sum of what the coupons took off their orders (uses). */
    discount: money('discount').notNull(),
    folded: boolean('folded').notNull().default(false),
  },
  (t) => dailyIndexes('coupon_daily', t),
);

/**
 * The fuel lines of the tills' sales by day, station, grade and buyer (the paso reports). A
 * sale's points and returned amount are shared over its lines by amount, as the report shares
 * them. `sales` counts the sales with a line of the grade (exact within one grade); `salesLead`
 * counts each sale once, on its least grade (exact across grades).
 */
export const fuelDaily = pgTable(
  'fuel_daily',
  {
    tenantId: tenantId(),
    day: date('day', { mode: 'string' }).notNull(),
    storeId: bigint('store_id', { mode: 'number' }),
    grade: text('grade').notNull(),
    /** MEMBER | WALK_IN */
    buyer: text('buyer').notNull(),
    /** How many fuel lines. */
    entries: bigint('entries', { mode: 'number' }).notNull(),
    litres: numeric('litres', { precision: 18, scale: 3 }).notNull(),
    amount: money('amount').notNull(),
    discount: money('discount').notNull(),
    returned: money('returned').notNull(),
    points: money('points').notNull(),
    sales: bigint('sales', { mode: 'number' }).notNull(),
    salesLead: bigint('sales_lead', { mode: 'number' }).notNull(),
    folded: boolean('folded').notNull().default(false),
  },
  (t) => dailyIndexes('fuel_daily', t),
);

/**
 * The members' sales by day and store (store member transactions): how many, their amounts, and
 * the member-days (README.md, "Members buying over a range"): `memberDays` counts each member
 * once a day per store (exact within one store), `memberDaysAll` once a day over all stores (on
 * the store of the sale that began the member's day: exact summed over all stores only).
 */
export const memberSalesDaily = pgTable(
  'member_sales_daily',
  {
    tenantId: tenantId(),
    day: date('day', { mode: 'string' }).notNull(),
    storeId: bigint('store_id', { mode: 'number' }),
    entries: bigint('entries', { mode: 'number' }).notNull(),
    amount: money('amount').notNull(),
    returnedAmount: money('returned_amount').notNull(),
    points: bigint('points', { mode: 'number' }).notNull(),
    memberDays: bigint('member_days', { mode: 'number' }).notNull(),
    memberDaysAll: bigint('member_days_all', { mode: 'number' }).notNull(),
    folded: boolean('folded').notNull().default(false),
  },
  (t) => dailyIndexes('member_sales_daily', t),
);

/** The columns of the paid level orders' daily and monthly sums. */
const paidLevelColumns = () => ({
  tenantId: tenantId(),
  day: date('day', { mode: 'string' }).notNull(),
  level: bigint('level', { mode: 'number' }).notNull(),
  store: bigint('store', { mode: 'number' }),
  payChannel: text('pay_channel').notNull(),
  entries: bigint('entries', { mode: 'number' }).notNull(),
  amount: money('amount').notNull(),
  /** Sum of the amounts of the orders refunded (their state: a column, not a key, for a third of the rows). */
  refunded: money('refunded').notNull(),
  /** Sum of the months the orders not refunded bought (none counts 0). */
  termMonths: bigint('term_months', { mode: 'number' }).notNull(),
  memberDaysAll: bigint('member_days_all', { mode: 'number' }).notNull(),
  memberDaysStore: bigint('member_days_store', { mode: 'number' }).notNull(),
  memberDaysLevel: bigint('member_days_level', { mode: 'number' }).notNull(),
  memberDaysChannel: bigint('member_days_channel', { mode: 'number' }).notNull(),
  folded: boolean('folded').notNull().default(false),
});

/**
 * Paid level orders by payment day, level, store and channel (the paid level report), with
 * the member-days of each grain: once a day over all (`memberDaysAll`), per store, per level and
 * per payment channel, each on the key of the order that began the member's day in it.
 */
export const paidLevelDaily = pgTable('paid_level_daily', paidLevelColumns(), (t) => dailyIndexes('paid_level_daily', t));

/**
 * The same sums per month (`day`: its first day): a year's orders are hardly fewer per day and key
 * than the orders, so a range's whole months read these (twelve times fewer rows), its partial
 * months the days (or their month less the days outside the range; query-view.source.ts `rows.monthly`).
 */
export const paidLevelMonthly = pgTable('paid_level_monthly', paidLevelColumns(), (t) => dailyIndexes('paid_level_monthly', t));

/**
 * The days each member bought on, per source (`sales`, `paid_level`), grain (`all`, `store`,
 * `level`, `channel`) and the grain's value (`key`, as text; '' for all or none): how many rows
 * of the source fall on the day. A member's days of one grain value form a chain; the triggers
 * read a new day's neighbours here (the key's index) to keep {@link memberDayRepeats}.
 */
export const memberDays = pgTable(
  'member_days',
  {
    tenantId: tenantId(),
    source: text('source').notNull(),
    grain: text('grain').notNull(),
    key: text('key').notNull(),
    memberId: bigint('member_id', { mode: 'number' }).notNull(),
    day: date('day', { mode: 'string' }).notNull(),
    rows: bigint('rows', { mode: 'number' }).notNull(),
  },
  (t) => [primaryKey({ columns: [t.tenantId, t.source, t.grain, t.key, t.memberId, t.day] })],
);

/**
 * Repeat pairs: per source, grain and value, how many members bought on `day` with their
 * previous purchase day (of that value) on `prevDay`. The members buying in [a, b] are the
 * member-days of the range less the pairs with `prevDay >= a and day <= b` (README.md). Appended
 * by the triggers (+1 and -1), folded per key like the daily totals.
 */
export const memberDayRepeats = pgTable(
  'member_day_repeats',
  {
    tenantId: tenantId(),
    source: text('source').notNull(),
    grain: text('grain').notNull(),
    key: text('key').notNull(),
    day: date('day', { mode: 'string' }).notNull(),
    prevDay: date('prev_day', { mode: 'string' }).notNull(),
    entries: bigint('entries', { mode: 'number' }).notNull(),
    folded: boolean('folded').notNull().default(false),
  },
  (t) => [
    // A range's pairs are an index-only scan from its first day (prev_day >= a), day <= b read from the index.
    index('member_day_repeats_prev_idx').on(t.tenantId, t.source, t.grain, t.key, t.prevDay, t.day, t.entries),
    index('member_day_repeats_unfolded_idx')
      .on(t.tenantId)
      .where(sql`not ${t.folded}`),
  ],
);
