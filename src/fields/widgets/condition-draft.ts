/**
 * The condition builder's values between the form and the language (no React): the form holds a
 * draft (a leaf may still lack its metric, numbers are typed text), the API stores the tree of
 * resources/contract/audience-condition.types.ts as JSON text. The server validates the tree
 * and names each bad node by its path; the draft keeps the same shape, so the paths match.
 */
import {
  METRICS,
  OPERATORS_BY_TYPE,
  type ConditionLeaf,
  type ConditionNode,
  type ConditionOperator,
  type LookBackWindow,
  type MetricName,
} from '../../../resources/contract/audience-condition.types';

/** A condition as the form holds it while it is being built. */
export interface DraftLeaf {
  readonly metric?: MetricName;
  readonly operator?: ConditionOperator;
  readonly value?: unknown;
  readonly window?: LookBackWindow;
}

/** A group as the form holds it. */
export interface DraftGroup {
  readonly combine?: 'and' | 'or';
  readonly children?: readonly DraftNode[];
}

export type DraftNode = DraftLeaf | DraftGroup;

/** The window a new windowed condition starts with (the one asked for most: last month). */
export const DEFAULT_WINDOW: LookBackWindow = '1m';

/** True for a group (it combines children), false for a condition. */
export function isGroup(node: unknown): node is DraftGroup {
  return typeof node === 'object' && node !== null && ('combine' in node || 'children' in node);
}

/** A new, empty group of one empty condition. */
export function newGroup(): DraftGroup {
  return { combine: 'and', children: [{}] };
}

/** The operators a metric accepts (`empty` / `notEmpty` only where it can be absent). */
export function operatorsOf(metric: MetricName): readonly ConditionOperator[] {
  const def = METRICS[metric];
  return OPERATORS_BY_TYPE[def.type].filter((o) => def.nullable || (o !== 'empty' && o !== 'notEmpty'));
}

/** The condition a metric starts with when it is chosen: its first operator, its window. */
export function leafFor(metric: MetricName): DraftLeaf {
  return { metric, operator: operatorsOf(metric)[0], ...(METRICS[metric].windowed ? { window: DEFAULT_WINDOW } : {}) };
}

/** True when the operator takes no value. */
export function takesNoValue(operator: ConditionOperator | undefined): boolean {
  return operator === 'empty' || operator === 'notEmpty';
}

// Typed text becomes a number when it is one; anything else is sent as typed for the server to name.
function numberOf(value: unknown): unknown {
  if (typeof value !== 'string') return value;
  const text = value.trim();
  if (text === '') return undefined;
  const n = Number(text);
  return Number.isFinite(n) ? n : value;
}

function valueOf(leaf: DraftLeaf): ConditionLeaf['value'] | undefined {
  if (takesNoValue(leaf.operator) || leaf.value === undefined || leaf.value === null) return undefined;
  const type = leaf.metric ? METRICS[leaf.metric].type : 'number';
  const one = (v: unknown) => (type === 'number' ? numberOf(v) : v);
  if (Array.isArray(leaf.value)) return leaf.value.map(one) as (number | string)[];
  return one(leaf.value) as number | string | undefined;
}

/** The draft as the language's tree: values converted, a value or window only where they apply. */
export function treeOf(node: DraftNode): ConditionNode {
  if (isGroup(node)) return { combine: node.combine ?? 'and', children: (node.children ?? []).map(treeOf) };
  const value = valueOf(node);
  const windowed = node.metric !== undefined && METRICS[node.metric].windowed;
  return {
    metric: node.metric as MetricName,
    operator: node.operator as ConditionOperator,
    ...(value === undefined ? {} : { value }),
    ...(windowed ? { window: node.window } : {}),
  };
}

/** The stored JSON text as a draft; a missing or unreadable text starts a new group. */
export function draftOf(text: unknown): DraftGroup {
  if (typeof text === 'object' && text !== null) return isGroup(text) ? text : { combine: 'and', children: [text as DraftLeaf] };
  if (typeof text !== 'string' || text.trim() === '') return newGroup();
  try {
    const parsed = JSON.parse(text) as unknown;
    return typeof parsed === 'object' && parsed !== null ? draftOf(parsed) : newGroup();
  } catch {
    return newGroup();
  }
}

/** True when every condition has its metric, operator and value (an unfinished one is not worth estimating). */
export function isComplete(node: DraftNode | undefined): boolean {
  if (node === undefined) return false;
  if (isGroup(node)) return (node.children ?? []).length > 0 && (node.children ?? []).every(isComplete);
  if (!node.metric || !node.operator) return false;
  if (takesNoValue(node.operator)) return true;
  const value = valueOf(node);
  return Array.isArray(value) ? value.length > 0 && value.every((v) => v !== undefined && v !== null && v !== '') : value !== undefined;
}
