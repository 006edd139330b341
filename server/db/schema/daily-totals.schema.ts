import { sql } from 'drizzle-orm';
import { bigint, boolean, date, index, numeric, pgTable, text } from 'drizzle-orm/pg-core';

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

/** The points ledger's daily totals (points_entries). */
export const pointsDaily = pgTable(
  'points_daily',
  {
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
  },
  (t) => [
    index('points_daily_day_idx').on(t.tenantId, t.day),
    index('points_daily_unfolded_idx')
      .on(t.tenantId, t.day)
      .where(sql`not ${t.folded}`),
  ],
);

/** The value ledger's daily totals (value_entries: members' stored value and prepaid cards). */
export const valueDaily = pgTable(
  'value_daily',
  {
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
  },
  (t) => [
    index('value_daily_day_idx').on(t.tenantId, t.day),
    index('value_daily_unfolded_idx')
      .on(t.tenantId, t.day)
      .where(sql`not ${t.folded}`),
  ],
);

/** The zone whose calendar days the daily totals keep (the platform's business zone). */
export const DAILY_TOTALS_ZONE = 'Asia/Shanghai';

/**
 * Members by registration day and what the member home and the store growth report count them
 * by: registration store, centre, channel, profile, in use or not, invited or not. A member
 * whose state changes moves from one key to another (the trigger subtracts the old and adds the
 * new).
 */
export const membersDaily = pgTable(
  'members_daily',
  {
    tenantId: tenantId(),
    day: date('day', { mode: 'string' }).notNull(),
    registerStore: bigint('register_store', { mode: 'number' }),
    marketingCenter: bigint('marketing_center', { mode: 'number' }),
    channel: text('channel'),
    profile: text('profile'),
    /** The member's state is in use (`using`, any case). */
    inUse: boolean('in_use').notNull(),
    invited: boolean('invited').notNull(),
    entries: bigint('entries', { mode: 'number' }).notNull(),
    folded: boolean('folded').notNull().default(false),
  },
  (t) => [
    index('members_daily_day_idx').on(t.tenantId, t.day),
    index('members_daily_unfolded_idx')
      .on(t.tenantId, t.day)
      .where(sql`not ${t.folded}`),
  ],
);

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
