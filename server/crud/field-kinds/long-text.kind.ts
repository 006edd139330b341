import { text } from 'drizzle-orm/pg-core';
import type { LongTextField } from '../../../resources/define';
import { snakeCase } from '../naming';
import type { ServerFieldKind } from './field-kind';
import { DEFAULT_MAX_LENGTH, finishColumn } from './kind-helpers';
import { coerceText, textCell } from './text.kind';

/** Long text: a `text` column, default at most 2000 code points, hidden in lists. */
export const longTextKind: ServerFieldKind<LongTextField> = {
  columns: ({ name, f }) => ({ [name]: finishColumn(text(snakeCase(name)), { f, fallback: f.defaultValue }) }),
  coerce: ({ f, value }) => coerceText(value, { max: f.maxLength ?? DEFAULT_MAX_LENGTH.longText }),
  bodySchema: (f) => ({
    type: 'string',
    maxLength: f.maxLength ?? DEFAULT_MAX_LENGTH.longText,
    description: `${f.label[1]} (no NUL, no lone surrogate)`,
  }),
  answerSchema: (f) => ({ type: 'string', description: f.label[1] }),
  serialize: ({ value }) => value,
  textual: true,
  sheet: { ...textCell, width: 40 },
};
