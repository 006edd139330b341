import type {
  Award,
  BasketLine,
  Exclusion,
  PreparedActivity,
  RuleOf,
  SaleFacts,
  SaleKind,
} from '../../../../resources/promotion/activity-engine';
import { SALE_KIND_EVALUATORS, SALE_KINDS } from '../../../../resources/promotion/activity-engine';
import { checkPointsAsCash } from '../../../../resources/promotion/kinds/points-as-cash.kind';
import { markNonPointsGoods } from '../../../../resources/promotion/kinds/non-points-goods.kind';
import { pointsOf } from '../../../../resources/promotion/kinds/goods-scope';
import type { BudgetRefusal } from './budgets';
import { selectionExclusion } from './select';

/**
 * One sale through the activities in scope, in phases: NON_POINTS_GOODS marks the goods that earn
 * nothing; BASIC_POINTS (one, the highest priority) replaces the tenant's basic rule; POINTS_SPEED
 * (one) multiplies the basic points; POINTS_AS_CASH (one) checks the points paid; then every other
 * kind, on the basket and at the basic rate so decided.
 *
 * Stacking: of an exclusive group's members that are in scope, whose rule is met and whose reward
 * can be given within its budget (first pass, every candidate applied, `peek`), the highest
 * priority wins, ties to the lowest id; the others are excluded with `stackingLost`. The second
 * pass evaluates the winners and the ungrouped activities and gives (`give`): what the gate
 * answers given (a coupon reward can shrink to what its template can still issue) is what fires,
 * and its points count; a refused giving gives nothing. The simulator runs the sale itself and
 * rolls it back (sale.service.ts `simulateSale`): what it shows is what the sale gives.
 */

export interface FiredActivity {
  readonly activity: PreparedActivity;
  /** What was given (not only what the rule evaluated to: a coupon reward may shrink). */
  readonly awards: readonly Award[];
  /** The coupons issued for the coupon awards (none when only peeked). */
  readonly couponIds: readonly number[];
  /** The face value of those coupons, in cents: what the giving cost the merchant. */
  readonly costCents: bigint;
}
export interface ExcludedActivity {
  readonly activity: PreparedActivity;
  readonly reason: Exclusion;
  /** The winner's number (stackingLost), or the kind's reason key (ruleNotMet). */
  readonly detail?: string;
  readonly detailValues?: Readonly<Record<string, string | number>>;
}
export interface SaleOutcome {
  /** The basic points (before speed): the BASIC_POINTS winner's or the tenant's settings'. */
  readonly basicPoints: number;
  readonly centsPerPoint: bigint;
  /** Every point the sale earns: basic plus every other points award. */
  readonly totalPoints: number;
  readonly fired: readonly FiredActivity[];
  readonly excluded: readonly ExcludedActivity[];
  /** The points paid as cash, checked against the POINTS_AS_CASH winner. */
  readonly pointsPaid: number;
  /** Set when the sale pays with points and no POINTS_AS_CASH in scope allows it. */
  readonly pointsCashRefusal: { readonly key: string; readonly values: Readonly<Record<string, string | number>> } | null;
}

/** What a gate decided for one activity whose rule is met: a refusal, or what it gives. */
export type GateAnswer =
  | {
      readonly refusal: BudgetRefusal | 'rewardUnavailable';
      /** The coupons module's refusal key (rewardUnavailable), shown by the simulator. */
      readonly detail?: string;
      readonly detailValues?: Readonly<Record<string, string | number>>;
    }
  | { readonly refusal: null; readonly given: Omit<FiredActivity, 'activity'> };

/**
 * Decides one activity's giving: `peek` reads whether it would give (budgets read, a coupon reward
 * tried and rolled back), `give` gives (coupons issued, then the budget taken for what was given,
 * in one savepoint: a reward that cannot be given takes no budget).
 */
export type GiveGate = (activity: PreparedActivity, awards: readonly Award[]) => Promise<GateAnswer>;

/** A gate's answer that gives the awards as evaluated (nothing issued). */
export const givenAsEvaluated = (awards: readonly Award[]): GateAnswer => ({
  refusal: null,
  given: { awards, couponIds: [], costCents: 0n },
});

const PHASE: Record<SaleKind, number> = {
  NON_POINTS_GOODS: 0,
  BASIC_POINTS: 1,
  POINTS_SPEED: 2,
  POINTS_AS_CASH: 3,
  SCORE_DOUBLING: 4,
  AMOUNT_EXTRA_POINTS: 4,
  QTY_EXTRA_POINTS: 4,
  GOODS_GROUP_QTY_EXTRA_POINTS: 4,
  GOODS_AMOUNT_COUPON: 4,
  GOODS_AMOUNT_GIFT: 4,
  GOODS_QTY_COUPON: 4,
  USE_COUPON_SEND_COUPON: 4,
};
/** Kinds of which one activity at most applies to a sale, group or not. */
const ONE_PER_SALE: ReadonlySet<SaleKind> = new Set(['BASIC_POINTS', 'POINTS_SPEED', 'POINTS_AS_CASH']);

export const isSaleKind = (kind: string): kind is SaleKind => (SALE_KINDS as readonly string[]).includes(kind);

/** Priority descending, then id ascending: the order a group's members are considered in. */
export function byPrecedence(a: PreparedActivity, b: PreparedActivity): number {
  return b.priority - a.priority || a.id - b.id;
}

/** The exclusive groups an activity belongs to: its declared group, and its kind's when one per sale. */
function groupsOf(activity: PreparedActivity): string[] {
  const groups: string[] = [];
  if (activity.exclusiveGroup) groups.push(`group:${activity.exclusiveGroup}`);
  if (ONE_PER_SALE.has(activity.kind as SaleKind)) groups.push(`kind:${activity.kind}`);
  return groups;
}

interface PassResult {
  readonly fired: FiredActivity[];
  readonly notMet: ExcludedActivity[];
  readonly refused: ExcludedActivity[];
  readonly basicPoints: number;
  readonly centsPerPoint: bigint;
  readonly totalPoints: number;
}

const pointsIn = (awards: readonly Award[]): number => awards.reduce((sum, a) => sum + (a.type === 'points' ? a.points : 0), 0);

/** One pass over candidates (already in phase and precedence order); `gate` decides each budget. */
async function pass(candidates: readonly PreparedActivity[], facts: SaleFacts, gate: GiveGate): Promise<PassResult> {
  const fired: FiredActivity[] = [];
  const notMet: ExcludedActivity[] = [];
  const refused: ExcludedActivity[] = [];
  let basket: BasketLine[] = facts.lines.map((line) => ({ ...line, earnsPoints: true }));
  let centsPerPoint = facts.defaultCentsPerPoint;
  let basic: number | null = null;
  let speedExtra = 0;
  let extraPoints = 0;
  const basicOf = () =>
    pointsOf(
      basket.filter((line) => line.earnsPoints).reduce((sum, line) => sum + line.amountCents, 0n),
      centsPerPoint,
    );
  for (const activity of candidates) {
    const kind = activity.kind as SaleKind;
    if (PHASE[kind] >= 2 && basic === null) basic = basicOf();
    const evaluation = SALE_KIND_EVALUATORS[kind](activity.rule, {
      facts: { ...facts, defaultCentsPerPoint: centsPerPoint },
      basket,
      basicPoints: (basic ?? 0) + speedExtra,
    });
    if (!evaluation.fired) {
      notMet.push({ activity, reason: 'ruleNotMet', detail: evaluation.reason?.key, detailValues: evaluation.reason?.values });
      continue;
    }
    const decided = await gate(activity, evaluation.awards);
    if (decided.refusal !== null) {
      const { refusal, detail, detailValues } = decided;
      refused.push({ activity, reason: refusal, ...(detail !== undefined ? { detail, detailValues } : {}) });
      continue;
    }
    const { awards } = decided.given;
    fired.push({ activity, ...decided.given });
    if (activity.rule.kind === 'NON_POINTS_GOODS') basket = markNonPointsGoods(activity.rule, basket);
    else if (activity.rule.kind === 'BASIC_POINTS') {
      centsPerPoint = activity.rule.centsPerPoint;
      basic = pointsIn(awards);
    } else if (activity.rule.kind === 'POINTS_SPEED') speedExtra = pointsIn(awards);
    else if (activity.rule.kind !== 'POINTS_AS_CASH') extraPoints += pointsIn(awards);
  }
  const basicPoints = basic ?? basicOf();
  return {
    fired,
    notMet,
    refused,
    basicPoints,
    centsPerPoint,
    totalPoints: basicPoints + speedExtra + extraPoints,
  };
}

/**
 * The points a sale pays as cash, checked against the first POINTS_AS_CASH in scope (whether or
 * not it fires): paying with points without one in scope, or beyond its rule, is refused.
 */
function pointsCashOf(inScope: readonly PreparedActivity[], facts: SaleFacts): Pick<SaleOutcome, 'pointsPaid' | 'pointsCashRefusal'> {
  if (!facts.payments.some((payment) => payment.method === 'POINTS')) return { pointsPaid: 0, pointsCashRefusal: null };
  const rule = inScope.map((activity) => activity.rule).find((r): r is RuleOf<'POINTS_AS_CASH'> => r.kind === 'POINTS_AS_CASH');
  if (!rule) return { pointsPaid: 0, pointsCashRefusal: { key: 'activities.pointsCash.notAllowed', values: {} } };
  const check = checkPointsAsCash(rule, facts);
  return check.ok
    ? { pointsPaid: check.points, pointsCashRefusal: null }
    : { pointsPaid: 0, pointsCashRefusal: { key: check.key, values: check.values } };
}

/** Every sale activity of `active` on one sale: who fires with what, who is excluded and why. */
export async function evaluateSale(input: {
  active: readonly PreparedActivity[];
  facts: SaleFacts;
  /** Reads whether an activity would give (the first pass of a sale with exclusive groups). */
  peek: GiveGate;
  /** Gives (the second pass, or the only one). */
  give: GiveGate;
}): Promise<SaleOutcome> {
  const excluded: ExcludedActivity[] = [];
  const inScope: PreparedActivity[] = [];
  for (const activity of input.active) {
    if (!isSaleKind(activity.kind)) continue;
    const reason = selectionExclusion(activity, input.facts);
    if (reason) excluded.push({ activity, reason });
    else inScope.push(activity);
  }
  inScope.sort((a, b) => PHASE[a.kind as SaleKind] - PHASE[b.kind as SaleKind] || byPrecedence(a, b));
  const grouped = inScope.some((activity) => groupsOf(activity).length > 0);
  // No group: one pass decides everything.
  const cash = pointsCashOf(inScope, input.facts);
  // The sale is refused: nothing is given (nor tried).
  if (cash.pointsCashRefusal) return outcome(await pass([], input.facts, input.give), excluded, cash);
  if (!grouped) return outcome(await pass(inScope, input.facts, input.give), excluded, cash);
  const first = await pass(inScope, input.facts, input.peek);
  const candidates = new Set(first.fired.map((f) => f.activity.id));
  const winners = new Map<string, PreparedActivity>();
  for (const activity of [...inScope].sort(byPrecedence)) {
    if (!candidates.has(activity.id)) continue;
    const groups = groupsOf(activity);
    const lostTo = groups.map((group) => winners.get(group)).find((winner) => winner !== undefined);
    if (lostTo) {
      excluded.push({ activity, reason: 'stackingLost', detail: lostTo.number });
      continue;
    }
    for (const group of groups) winners.set(group, activity);
  }
  const lost = new Set(excluded.filter((e) => e.reason === 'stackingLost').map((e) => e.activity.id));
  const second = await pass(
    inScope.filter((activity) => !lost.has(activity.id) && candidates.has(activity.id)),
    input.facts,
    input.give,
  );
  // What the first pass excluded (rule not met, budget) stays excluded for the same reason.
  return outcome(
    { ...second, notMet: [...first.notMet, ...second.notMet], refused: [...first.refused, ...second.refused] },
    excluded,
    cash,
  );
}

function outcome(
  result: PassResult,
  excluded: ExcludedActivity[],
  cash: Pick<SaleOutcome, 'pointsPaid' | 'pointsCashRefusal'>,
): SaleOutcome {
  return {
    basicPoints: result.basicPoints,
    centsPerPoint: result.centsPerPoint,
    totalPoints: result.totalPoints,
    fired: result.fired,
    excluded: [...excluded, ...result.refused, ...result.notMet],
    ...cash,
  };
}
