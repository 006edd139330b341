import type { ActivityRule, SaleKind, SaleKindEvaluate, SaleEvaluation, SaleFacts, BasketLine } from '../activity.contract';

export type RuleOf<K extends ActivityRule['kind']> = Extract<ActivityRule, { kind: K }>;

export interface SaleKindInput {
  readonly facts: SaleFacts;
  readonly basket: readonly BasketLine[];
  readonly basicPoints: number;
}

/**
 * A sale kind's evaluation typed on its own rule: the registry hands any rule, the kind's function
 * sees only its own (a rule of another kind is a programming error, never a user's input).
 */
export function defineSaleKind<K extends SaleKind>(
  kind: K,
  evaluate: (rule: RuleOf<K>, input: SaleKindInput) => SaleEvaluation,
): SaleKindEvaluate {
  return (rule, input) => {
    if (rule.kind !== kind) throw new Error(`rule of ${rule.kind} handed to ${kind}`);
    return evaluate(rule as RuleOf<K>, input);
  };
}
