import type { ConditionLeaf, ConditionNode } from '../../resources/contract/audience-condition.types';
import { windowStart } from '../../server/modules/audiences/condition.compile';

/**
 * A plain in-memory evaluation of the condition language, for the property test only
 * (tests/api/audience-property.test.ts): the same tree over the same members must select the same
 * ones as the SQL the server compiles. Money in cents, so nothing is compared in floating point.
 */

/** A sale as the evaluation reads it. */
export interface SampleSale {
  readonly cents: number;
  readonly returnedCents: number;
  readonly storeId: number | null;
  readonly at: Date;
}

/** A member as the evaluation reads it. */
export interface SampleMember {
  readonly id: number;
  readonly state: string;
  readonly channel: string;
  readonly level: number | null;
  readonly registerStore: number | null;
  readonly birthday: string | null;
  readonly registeredAt: Date;
  readonly points: number;
  readonly tags: readonly number[];
  readonly sales: readonly SampleSale[];
}

const localDate = (at: Date, timeZone: string) =>
  new Intl.DateTimeFormat('en-CA', { timeZone, year: 'numeric', month: '2-digit', day: '2-digit' }).format(at);

function metricValue(args: { leaf: ConditionLeaf; member: SampleMember; now: Date; timeZone: string }): number | string | null {
  const { leaf, member, now } = args;
  const since = leaf.window ? windowStart(now, leaf.window) : null;
  const sales = member.sales.filter((s) => !since || s.at >= since);
  switch (leaf.metric) {
    case 'spendAmount':
      return sales.reduce((sum, s) => sum + s.cents - s.returnedCents, 0);
    case 'spendCount':
      return sales.length;
    case 'lastVisitDays': {
      if (member.sales.length === 0) return null;
      const last = Math.max(...member.sales.map((s) => s.at.getTime()));
      return Math.floor((now.getTime() - last) / 86_400_000);
    }
    case 'pointsBalance':
      return member.points;
    case 'birthdayMonth':
      return member.birthday ? Number(member.birthday.slice(5, 7)) : null;
    case 'registeredAt':
      return localDate(member.registeredAt, args.timeZone);
    case 'level':
      return member.level === null ? null : String(member.level);
    case 'registerStore':
      return member.registerStore === null ? null : String(member.registerStore);
    case 'state':
      // A state is its code whatever its case (`Using` is `using`), as the member screens read it.
      return member.state.toLowerCase();
    case 'channel':
      return member.channel;
    default:
      throw new Error(`${leaf.metric} is a membership test`);
  }
}

function membership(args: { leaf: ConditionLeaf; member: SampleMember; now: Date }): boolean {
  const { leaf, member } = args;
  const since = leaf.window ? windowStart(args.now, leaf.window) : null;
  const held =
    leaf.metric === 'tag'
      ? member.tags.map(String)
      : member.sales.filter((s) => s.storeId !== null && (!since || s.at >= since)).map((s) => String(s.storeId));
  const listed = ((leaf.value ?? []) as readonly (string | number)[]).map(String);
  const anyListed = held.some((h) => listed.includes(h));
  if (leaf.operator === 'in') return anyListed;
  if (leaf.operator === 'notIn') return !anyListed;
  if (leaf.operator === 'empty') return held.length === 0;
  return held.length > 0;
}

/** Money metrics compare in cents. */
const scaled = (leaf: ConditionLeaf, v: number | string) => (leaf.metric === 'spendAmount' ? Math.round(Number(v) * 100) : v);

/** A set condition's values as text; a state's in lower case, as the member's state is read. */
const listedOf = (leaf: ConditionLeaf) =>
  (leaf.value as readonly (string | number)[]).map((v) => (leaf.metric === 'state' ? String(v).toLowerCase() : String(v)));

function leafHolds(args: { leaf: ConditionLeaf; member: SampleMember; now: Date; timeZone: string }): boolean {
  const { leaf } = args;
  if (leaf.metric === 'tag' || leaf.metric === 'store') return membership(args);
  const v = metricValue(args);
  const value = leaf.value;
  switch (leaf.operator) {
    case 'empty':
      return v === null;
    case 'notEmpty':
      return v !== null;
    case 'in':
      return v !== null && listedOf(leaf).includes(String(v));
    case 'notIn':
      return !(v !== null && listedOf(leaf).includes(String(v)));
    default:
      break;
  }
  if (v === null) return false;
  if (leaf.operator === 'between') {
    const [low, high] = value as readonly [number | string, number | string];
    return v >= scaled(leaf, low) && v <= scaled(leaf, high);
  }
  const w = scaled(leaf, value as number | string);
  switch (leaf.operator) {
    case 'eq':
      return v === w;
    case 'ne':
      return v !== w;
    case 'gt':
      return v > w;
    case 'gte':
      return v >= w;
    case 'lt':
      return v < w;
    default:
      return v <= w;
  }
}

/** Whether the tree selects the member. */
export function evaluateCondition(args: { node: ConditionNode; member: SampleMember; now: Date; timeZone: string }): boolean {
  const { node } = args;
  if (!('combine' in node)) return leafHolds({ ...args, leaf: node });
  const results = node.children.map((child) => evaluateCondition({ ...args, node: child }));
  return node.combine === 'and' ? results.every(Boolean) : results.some(Boolean);
}
