/**
 * The condition language of precision marketing, shared by system tags and customer groups
 * (issue 29): a tree of AND / OR groups whose leaves compare one metric of a member. Declared
 * once here; the server validates and compiles it to SQL (server/modules/audiences), and the
 * property test evaluates it in memory to check the SQL against. Types and constants only.
 */

/** Look-back windows of the spend metrics (DOMAIN.md: 1, 3, 6 months, 1 or 2 years, all). */
export const LOOK_BACK_WINDOWS = ['1m', '3m', '6m', '1y', '2y', 'all'] as const;
export type LookBackWindow = (typeof LOOK_BACK_WINDOWS)[number];

/** Months of each window (`all`: no bound). */
export const WINDOW_MONTHS: Readonly<Record<LookBackWindow, number | null>> = { '1m': 1, '3m': 3, '6m': 6, '1y': 12, '2y': 24, all: null };

/** The operators DOMAIN.md lists. */
export const CONDITION_OPERATORS = ['eq', 'ne', 'gt', 'gte', 'lt', 'lte', 'between', 'in', 'notIn', 'empty', 'notEmpty'] as const;
export type ConditionOperator = (typeof CONDITION_OPERATORS)[number];

/** What a metric's value is: a number, a date (`yyyy-MM-dd`), or one of a set of codes / ids. */
export type MetricType = 'number' | 'date' | 'set';

/** How each metric reads and compares. */
export interface MetricDef {
  /** The value's type, which decides the operators and the value's shape. */
  readonly type: MetricType;
  /** Whether it is computed over a look-back window (the leaf then needs `window`). */
  readonly windowed: boolean;
  /** Zero is a real value (no sale in the window spent 0); `empty` is offered when the metric can be absent. */
  readonly nullable: boolean;
  /** Labels (zh_CN, en_US). */
  readonly label: readonly [string, string];
}

/**
 * The metrics. Spend is net of returns (amount − returned amount of the till's sales); a visit is
 * a sale. `lastVisitDays`: whole days since the latest sale (absent when none). `tag`: the member
 * holds any of the tags (ids); `store`: visited one of the stores (ids) within the window.
 */
export const METRICS = {
  spendAmount: { type: 'number', windowed: true, nullable: false, label: ['消费金额', 'Spend amount'] },
  spendCount: { type: 'number', windowed: true, nullable: false, label: ['消费次数', 'Number of purchases'] },
  lastVisitDays: { type: 'number', windowed: false, nullable: true, label: ['最近消费距今天数', 'Days since last purchase'] },
  pointsBalance: { type: 'number', windowed: false, nullable: false, label: ['积分余额', 'Points balance'] },
  birthdayMonth: { type: 'number', windowed: false, nullable: true, label: ['生日月份', 'Birthday month'] },
  registeredAt: { type: 'date', windowed: false, nullable: false, label: ['注册日期', 'Registration date'] },
  level: { type: 'set', windowed: false, nullable: true, label: ['会员等级', 'Level'] },
  state: { type: 'set', windowed: false, nullable: false, label: ['会员状态', 'Member state'] },
  channel: { type: 'set', windowed: false, nullable: false, label: ['注册渠道', 'Registration channel'] },
  registerStore: { type: 'set', windowed: false, nullable: true, label: ['注册门店', 'Registration store'] },
  tag: { type: 'set', windowed: false, nullable: true, label: ['会员标签', 'Tags'] },
  store: { type: 'set', windowed: true, nullable: true, label: ['消费门店', 'Stores visited'] },
} as const satisfies Readonly<Record<string, MetricDef>>;
export type MetricName = keyof typeof METRICS;

/** The operators each type of metric accepts (`empty` / `notEmpty` only where the metric is nullable). */
export const OPERATORS_BY_TYPE: Readonly<Record<MetricType, readonly ConditionOperator[]>> = {
  number: ['eq', 'ne', 'gt', 'gte', 'lt', 'lte', 'between', 'empty', 'notEmpty'],
  date: ['eq', 'gt', 'gte', 'lt', 'lte', 'between', 'empty', 'notEmpty'],
  set: ['in', 'notIn', 'empty', 'notEmpty'],
};

/** A comparison of one metric. */
export interface ConditionLeaf {
  /** The metric compared. */
  readonly metric: MetricName;
  /** The operator. */
  readonly operator: ConditionOperator;
  /**
   * The value: a number or a date for the comparisons, `[low, high]` for `between` (inclusive),
   * a non-empty list of codes or ids for `in` / `notIn`, absent for `empty` / `notEmpty`.
   */
  readonly value?: number | string | readonly (number | string)[];
  /** The look-back window of a windowed metric. */
  readonly window?: LookBackWindow;
}

/** A group of conditions: all of them (`and`) or any (`or`), nested as deep as {@link MAX_CONDITION_DEPTH}. */
export interface ConditionGroup {
  /** How the children combine. */
  readonly combine: 'and' | 'or';
  /** The children: leaves and groups, at least one. */
  readonly children: readonly ConditionNode[];
}

export type ConditionNode = ConditionGroup | ConditionLeaf;

/** Deepest nesting of groups accepted (a person never needs more; a bound keeps the SQL small). */
export const MAX_CONDITION_DEPTH = 5;
/** Most leaves in one tree. */
export const MAX_CONDITION_LEAVES = 50;

/** Where each assignment of a tag came from (DOMAIN.md). */
export const TAG_SOURCES = ['MANUAL', 'RULE', 'IMPORT', 'API', 'BATCH', 'SCAN'] as const;
export type TagSource = (typeof TAG_SOURCES)[number];

/** Answer of `POST /v1/customer-group/estimate`: the planner's row estimate, at once. */
export interface GroupEstimate {
  /** PostgreSQL's estimate of the members the conditions select (not exact). */
  readonly estimate: number;
}
