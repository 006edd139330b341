import type { LinesField } from '../../../resources/define';
import { arrayOf, type JsonSchema } from '../../http/openapi.schemas';
import type { NestedIssue, ServerFieldKind } from './field-kind';
import { canonicalJson, fail, ok } from './kind-helpers';
import { coerceMembers, membersAnswerSchema, membersBodySchema, serializeMembers } from './nested-values';

/** Default maximum lines of a lines field (define.ts). */
export const DEFAULT_MAX_LINES = 1000;

/**
 * Lines. At the top of a resource they live in a child table `<table>_lines` (table.derive.ts,
 * read and written by record.validate.ts / record.store.ts, which add `lineNo`): no column here.
 * Inside an object field they are part of the object's jsonb value, and this kind validates them
 * line by line (paths `.tiers[2].points`). No sheet column either way.
 */
export const linesKind: ServerFieldKind<LinesField> = {
  filterable: false,
  columns: () => ({}),
  columnDefault: () => undefined,
  coerce: ({ f, value, zone, locale = 'zh_CN' }) => {
    if (!Array.isArray(value)) return fail('validation.type');
    const issues: NestedIssue[] = [];
    if (f.minLines !== undefined && value.length < f.minLines)
      issues.push({ path: '', label: '', key: 'validation.minLines', values: { min: f.minLines } });
    const max = f.maxLines ?? DEFAULT_MAX_LINES;
    if (value.length > max) return fail('validation.maxLines', { max });
    const rows = value.map((row: unknown, i) => {
      const result = coerceMembers({ fields: f.fields, value: row, zone, locale });
      for (const inner of result.issues)
        issues.push({ ...inner, path: `[${i}]${inner.path}`, label: inner.label ? `${i + 1} ${inner.label}` : `${i + 1}` });
      return result.value;
    });
    return issues.length === 0 ? ok(rows) : { ok: false, key: 'nested', nested: issues };
  },
  bodySchema: (f) => ({
    type: 'array',
    maxItems: f.maxLines ?? DEFAULT_MAX_LINES,
    items: membersBodySchema(f.fields),
    description: f.label[1],
  }),
  answerSchema: (f): JsonSchema => ({ ...arrayOf(membersAnswerSchema(f.fields)), description: f.label[1] }),
  serialize: ({ f, value, zone }) =>
    (Array.isArray(value) ? (value as Record<string, unknown>[]) : []).map((line) => {
      const members = serializeMembers({ fields: f.fields, value: line, zone });
      return line.lineNo === undefined ? members : { lineNo: line.lineNo, ...members };
    }),
  same: (_f, a, b) => canonicalJson(a) === canonicalJson(b),
};
