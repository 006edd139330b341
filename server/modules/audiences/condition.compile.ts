import { sql, type SQL } from 'drizzle-orm';
import {
  LOOK_BACK_WINDOWS,
  MAX_CONDITION_DEPTH,
  MAX_CONDITION_LEAVES,
  METRICS,
  OPERATORS_BY_TYPE,
  WINDOW_MONTHS,
  type ConditionLeaf,
  type ConditionNode,
  type LookBackWindow,
  type MetricName,
} from '../../../resources/contract/audience-condition.types';
import { badInput, type FieldError } from '../../http/envelope';

/**
 * The condition language (resources/contract/audience-condition.types.ts) on the server: parsed
 * and validated (every bad node named by its path, `rule.children[1].value`), then compiled to a
 * boolean SQL expression over the members table aliased `m`. System tags and customer groups
 * both select members with it (audience.compute.ts: recomputeTag, countGroup).
 */

const isObject = (v: unknown): v is Record<string, unknown> => typeof v === 'object' && v !== null && !Array.isArray(v);
const isDate = (v: unknown): v is string => typeof v === 'string' && /^\d{4}-\d{2}-\d{2}$/.test(v) && !Number.isNaN(Date.parse(v));
const isNumber = (v: unknown): v is number => typeof v === 'number' && Number.isFinite(v) && Math.abs(v) <= 1e12;

function leafErrors(node: Record<string, unknown>, path: string): FieldError[] {
  const metric = METRICS[node.metric as MetricName] as (typeof METRICS)[MetricName] | undefined;
  if (typeof node.metric !== 'string' || !metric) return [{ field: `${path}.metric`, key: 'audience.badMetric' }];
  const operators = OPERATORS_BY_TYPE[metric.type].filter((o) => metric.nullable || (o !== 'empty' && o !== 'notEmpty'));
  if (!operators.includes(node.operator as never)) return [{ field: `${path}.operator`, key: 'audience.badOperator' }];
  const errors: FieldError[] = [];
  if (metric.windowed && !LOOK_BACK_WINDOWS.includes(node.window as never))
    errors.push({ field: `${path}.window`, key: 'audience.badWindow' });
  if (!metric.windowed && node.window !== undefined) errors.push({ field: `${path}.window`, key: 'audience.badWindow' });
  const scalar = metric.type === 'date' ? isDate : metric.type === 'number' ? isNumber : null;
  const value = node.value;
  const valid =
    node.operator === 'empty' || node.operator === 'notEmpty'
      ? value === undefined
      : node.operator === 'between'
        ? Array.isArray(value) && value.length === 2 && !!scalar && scalar(value[0]) && scalar(value[1]) && value[0] <= value[1]
        : node.operator === 'in' || node.operator === 'notIn'
          ? Array.isArray(value) &&
            value.length > 0 &&
            value.length <= 500 &&
            value.every((v) => (typeof v === 'string' && v.length > 0 && v.length <= 64) || (Number.isInteger(v) && (v as number) > 0))
          : !!scalar && scalar(value);
  if (!valid) errors.push({ field: `${path}.value`, key: 'audience.badValue' });
  const extra = Object.keys(node).find((k) => !['metric', 'operator', 'value', 'window'].includes(k));
  if (extra) errors.push({ field: `${path}.${extra}`, key: 'audience.unknownProperty' });
  return errors;
}

function nodeErrors(args: { node: unknown; path: string; depth: number; leaves: { count: number } }): FieldError[] {
  const { node, path, depth, leaves } = args;
  if (!isObject(node)) return [{ field: path, key: 'audience.badNode' }];
  if (!('combine' in node)) {
    leaves.count += 1;
    return leafErrors(node, path);
  }
  if (node.combine !== 'and' && node.combine !== 'or') return [{ field: `${path}.combine`, key: 'audience.badNode' }];
  if (depth >= MAX_CONDITION_DEPTH) return [{ field: path, key: 'audience.tooDeep', values: { max: MAX_CONDITION_DEPTH } }];
  if (!Array.isArray(node.children) || node.children.length === 0) return [{ field: `${path}.children`, key: 'audience.emptyGroup' }];
  const extra = Object.keys(node).find((k) => k !== 'combine' && k !== 'children');
  const own: FieldError[] = extra ? [{ field: `${path}.${extra}`, key: 'audience.unknownProperty' }] : [];
  return [
    ...own,
    ...(node.children as unknown[]).flatMap((child, i) =>
      nodeErrors({ node: child, path: `${path}.children[${i}]`, depth: depth + 1, leaves }),
    ),
  ];
}

/** The errors of a condition tree, each naming the path of its node under `path`; empty when valid. */
export function conditionErrors(node: unknown, path = 'rule'): FieldError[] {
  const leaves = { count: 0 };
  const errors = nodeErrors({ node, path, depth: 0, leaves });
  if (errors.length === 0 && leaves.count > MAX_CONDITION_LEAVES)
    return [{ field: path, key: 'audience.tooMany', values: { max: MAX_CONDITION_LEAVES } }];
  return errors;
}

/** Parses a stored or sent rule (JSON text or a tree) and validates it: a 400 naming the bad node otherwise. */
export function parseCondition(input: unknown, path = 'rule'): ConditionNode {
  let node: unknown = input;
  if (typeof input === 'string') {
    try {
      node = JSON.parse(input);
    } catch {
      throw badInput('error.badInput', [{ field: path, key: 'audience.badJson' }]);
    }
  }
  const errors = conditionErrors(node, path);
  if (errors.length > 0) throw badInput('error.badInput', errors);
  return node as ConditionNode;
}

/**
 * The start of a look-back window (null for `all`), computed once here so the SQL and the
 * property test's evaluator share the boundary: whole calendar months back in UTC, the day
 * clamped to the month's end (31 March − 1 month = 28/29 February).
 */
export function windowStart(now: Date, window: LookBackWindow): Date | null {
  const months = WINDOW_MONTHS[window];
  if (months === null) return null;
  const y = now.getUTCFullYear();
  const m = now.getUTCMonth() - months;
  const lastDay = new Date(Date.UTC(y, m + 1, 0)).getUTCDate();
  const start = new Date(now);
  start.setUTCDate(1);
  start.setUTCFullYear(y, m, Math.min(now.getUTCDate(), lastDay));
  return start;
}

/** What the compilation needs besides the tree: the instant "now" and the zone of dates. */
export interface CompileContext {
  readonly now: Date;
  /** IANA zone in which `registeredAt` dates are read (the request's). */
  readonly timeZone: string;
}

const salesOf = (since: Date | null) =>
  sql`from sales_transactions s where s.tenant_id = m.tenant_id and s.member_id = m.id${since ? sql` and s.occurred_at >= ${since.toISOString()}::timestamptz` : sql``}`;

function metricExpression(leaf: ConditionLeaf, ctx: CompileContext): SQL {
  const since = leaf.window ? windowStart(ctx.now, leaf.window) : null;
  switch (leaf.metric) {
    case 'spendAmount':
      return sql`(select coalesce(sum(s.amount - s.returned_amount), 0) ${salesOf(since)})`;
    case 'spendCount':
      return sql`(select count(*) ${salesOf(since)})`;
    case 'lastVisitDays':
      return sql`(select floor(extract(epoch from (${ctx.now.toISOString()}::timestamptz - max(s.occurred_at))) / 86400) ${salesOf(null)})`;
    case 'pointsBalance':
      return sql`coalesce((select p.balance from points_accounts p where p.tenant_id = m.tenant_id and p.member_id = m.id), 0)`;
    case 'birthdayMonth':
      return sql`extract(month from m.birthday)`;
    case 'registeredAt':
      return sql`(m.registered_at at time zone ${ctx.timeZone})::date`;
    case 'level':
      return sql`m.level::text`;
    case 'state':
      // Custom members store capitalised codes (`Using`, §4): folded, as the member screens compare them.
      return sql`lower(m.state)`;
    case 'channel':
      return sql`m.channel`;
    case 'registerStore':
      return sql`m.register_store::text`;
    case 'tag':
    case 'store':
      throw new Error(`metric ${leaf.metric} is a membership test`);
  }
}

const COMPARE: Readonly<Record<string, SQL>> = {
  eq: sql`=`,
  ne: sql`<>`,
  gt: sql`>`,
  gte: sql`>=`,
  lt: sql`<`,
  lte: sql`<=`,
};

/** A list value as a SQL text array (one parameter per element: drizzle spreads a bound array). */
const texts = (value: ConditionLeaf['value']) =>
  sql`array[${sql.join(
    (value as readonly (string | number)[]).map((v) => sql`${String(v)}`),
    sql`, `,
  )}]::text[]`;

/** `tag` and `store`: whether the member holds any of the tags / visited any of the stores in the window. */
function membership(leaf: ConditionLeaf, ctx: CompileContext): SQL {
  const since = leaf.window ? windowStart(ctx.now, leaf.window) : null;
  const any = (filter: SQL) =>
    leaf.metric === 'tag'
      ? sql`exists (select 1 from member_tag_links l where l.tenant_id = m.tenant_id and l.member = m.id${filter})`
      : sql`exists (select 1 ${salesOf(since)} and s.store_id is not null${filter})`;
  const column = leaf.metric === 'tag' ? sql`l.tag` : sql`s.store_id`;
  const listed = () => sql` and ${column}::text = any(${texts(leaf.value)})`;
  switch (leaf.operator) {
    case 'in':
      return any(listed());
    case 'notIn':
      return sql`not ${any(listed())}`;
    case 'empty':
      return sql`not ${any(sql``)}`;
    default:
      return any(sql``);
  }
}

/** A state condition's codes in lower case, to meet `lower(m.state)` whichever case either side is written in. */
const foldedStates = (value: ConditionLeaf['value']) =>
  Array.isArray(value) ? (value as readonly (string | number)[]).map((v) => String(v).toLowerCase()) : value;

function compileLeaf(leaf: ConditionLeaf, ctx: CompileContext): SQL {
  if (leaf.metric === 'tag' || leaf.metric === 'store') return membership(leaf, ctx);
  const expr = metricExpression(leaf, ctx);
  const type = METRICS[leaf.metric].type;
  const cast = (v: unknown) => (type === 'date' ? sql`${v}::date` : sql`${v}::numeric`);
  const value = leaf.metric === 'state' ? foldedStates(leaf.value) : leaf.value;
  switch (leaf.operator) {
    case 'empty':
      return sql`(${expr}) is null`;
    case 'notEmpty':
      return sql`(${expr}) is not null`;
    case 'in':
      return sql`coalesce((${expr}) = any(${texts(value)}), false)`;
    case 'notIn':
      return sql`not coalesce((${expr}) = any(${texts(value)}), false)`;
    case 'between': {
      const [low, high] = value as readonly [number | string, number | string];
      return sql`coalesce((${expr}) between ${cast(low)} and ${cast(high)}, false)`;
    }
    default:
      return sql`coalesce((${expr}) ${COMPARE[leaf.operator]} ${cast(value)}, false)`;
  }
}

/** The tree as a boolean SQL expression over `members m` (validate it first: `parseCondition`). */
export function compileCondition(node: ConditionNode, ctx: CompileContext): SQL {
  if (!('combine' in node)) return compileLeaf(node, ctx);
  const parts = node.children.map((child) => sql`(${compileCondition(child, ctx)})`);
  return sql.join(parts, node.combine === 'and' ? sql` and ` : sql` or `);
}

/** The members a tree selects in a tenant, as a subquery of their ids. */
export function selectedMembers(args: { tenantId: number; node: ConditionNode; ctx: CompileContext }): SQL {
  return sql`select m.id from members m where m.tenant_id = ${args.tenantId} and (${compileCondition(args.node, args.ctx)})`;
}
