import { text } from 'drizzle-orm/pg-core';
import type { FileField } from '../../../resources/define';
import { snakeCase } from '../naming';
import type { ServerFieldKind } from './field-kind';
import { DEFAULT_MAX_LENGTH, finishColumn } from './kind-helpers';
import { coerceText } from './text.kind';

/** An uploaded file, stored as a stored file's id (text, at most 500 characters); no sheet column. */
export const fileKind: ServerFieldKind<FileField> = {
  columns: ({ name, f }) => ({ [name]: finishColumn(text(snakeCase(name)), { f, fallback: f.defaultValue }) }),
  coerce: ({ value }) => coerceText(value, { max: DEFAULT_MAX_LENGTH.file }),
  bodySchema: (f) => ({ type: 'string', maxLength: DEFAULT_MAX_LENGTH.file, description: `${f.label[1]} (stored file id)` }),
  answerSchema: (f) => ({ type: 'string', description: `${f.label[1]} (stored file id)` }),
  serialize: ({ value }) => value,
};
