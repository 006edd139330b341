import { jsonb } from 'drizzle-orm/pg-core';
import type { ObjectField } from '../../../resources/define';
import { snakeCase } from '../naming';
import type { ServerFieldKind } from './field-kind';
import { finishColumn, ok } from './kind-helpers';
import { coerceMembers, membersAnswerSchema, membersBodySchema, sameMembers, serializeMembers } from './nested-values';

/**
 * A structured value (a rule with its tiers): one `jsonb` column holding the members as their
 * kinds store them (money as exact text, instants as ISO text), validated member by member with
 * problems named by path (`rule.tiers[2].points`). Not filtered, sorted, searched or in sheets.
 */
export const objectKind: ServerFieldKind<ObjectField> = {
  filterable: false,
  columns: ({ name, f }) => ({ [name]: finishColumn(jsonb(snakeCase(name)), { f, fallback: undefined }) }),
  columnDefault: () => undefined,
  coerce: ({ f, value, zone, locale = 'zh_CN' }) => {
    const result = coerceMembers({ fields: f.fields, value, zone, locale });
    if (result.issues.length === 0) return ok(result.value);
    const whole = result.issues.find((issue) => issue.path === '');
    return whole ? { ok: false, key: whole.key } : { ok: false, key: 'nested', nested: result.issues };
  },
  bodySchema: (f) => ({ ...membersBodySchema(f.fields), description: f.label[1] }),
  answerSchema: (f) => ({ ...membersAnswerSchema(f.fields), description: f.label[1] }),
  serialize: ({ f, value, zone }) => serializeMembers({ fields: f.fields, value, zone }),
  same: (f, a, b) => sameMembers({ fields: f.fields, a, b }),
};
