import { text } from 'drizzle-orm/pg-core';
import type { LongTextField, TextField } from '../../../resources/define';
import { textProblem } from '../../http/input-guard';
import { snakeCase } from '../naming';
import type { ServerFieldKind, SheetCell } from './field-kind';
import { DEFAULT_MAX_LENGTH, cellValue, cleanNumber, fail, finishColumn, ok, textOf } from './kind-helpers';

/** Text and long text: one `text` column, length in code points, an optional pattern. */

/** Text PostgreSQL can store, at most `max` code points: also for imported sheets, not only bodies. */
export function coerceText(value: unknown, args: { max: number; min?: number; pattern?: string }) {
  if (typeof value !== 'string') return fail('validation.type');
  const problem = textProblem(value);
  if (problem) return fail(problem);
  const length = [...value].length; // code points: a CJK character or emoji counts once
  if (args.min !== undefined && length < args.min) return fail('validation.minLength', { min: args.min });
  if (length > args.max) return fail('validation.maxLength', { max: args.max });
  if (args.pattern !== undefined && !new RegExp(args.pattern).test(value)) return fail('pattern');
  return ok(value);
}

/** A text cell: numbers as they show, dates as `yyyy-MM-dd`. */
export const textCell: SheetCell<TextField | LongTextField> = {
  exportCell: ({ value }) => String(value),
  importValue: ({ cell }) => cellValue(typeof cell === 'number' ? String(cleanNumber(cell)) : textOf(cell)),
};

function textSchema(f: TextField | LongTextField) {
  return { type: 'string', maxLength: f.maxLength ?? DEFAULT_MAX_LENGTH[f.kind], description: `${f.label[1]} (no NUL, no lone surrogate)` };
}

export const textKind: ServerFieldKind<TextField> = {
  columns: ({ name, f }) => ({ [name]: finishColumn(text(snakeCase(name)), { f, fallback: f.defaultValue }) }),
  coerce: ({ f, value }) => coerceText(value, { max: f.maxLength ?? DEFAULT_MAX_LENGTH.text, min: f.minLength, pattern: f.pattern?.regex }),
  bodySchema: textSchema,
  answerSchema: (f) => ({ type: 'string', description: f.label[1] }),
  serialize: ({ value }) => value,
  textual: true,
  sheet: { ...textCell, width: 18 },
};
