import { boolean } from 'drizzle-orm/pg-core';
import type { BooleanField } from '../../../resources/define';
import type { Locale } from '../../../resources/messages/bilingual';
import { snakeCase } from '../naming';
import type { ServerFieldKind } from './field-kind';
import { cellProblem, cellValue, fail, finishColumn, ok, textOf } from './kind-helpers';

const BOOLEAN_TEXT: Record<Locale, readonly [string, string]> = { zh_CN: ['是', '否'], en_US: ['Yes', 'No'] };
const TRUE_WORDS = ['是', 'yes', 'y', 'true', '1', '√'];
const FALSE_WORDS = ['否', 'no', 'n', 'false', '0', '×'];

/** Yes / no: a `boolean` column; sheets write 是/否 or Yes/No and read the usual words. */
export const booleanKind: ServerFieldKind<BooleanField> = {
  columns: ({ name, f }) => ({ [name]: finishColumn(boolean(snakeCase(name)), { f, fallback: f.defaultValue }) }),
  coerce: ({ value }) => (typeof value === 'boolean' ? ok(value) : fail('validation.type')),
  bodySchema: (f) => ({ type: 'boolean', description: f.label[1] }),
  answerSchema: (f) => ({ type: 'boolean', description: f.label[1] }),
  serialize: ({ value }) => value,
  filterValue: () => ({ type: 'boolean' }),
  sheet: {
    exportCell: ({ value, locale }) => BOOLEAN_TEXT[locale][value ? 0 : 1],
    importValue: ({ cell }) => {
      if (typeof cell === 'boolean') return cellValue(cell);
      const word = textOf(cell).toLowerCase();
      if (TRUE_WORDS.includes(word)) return cellValue(true);
      if (FALSE_WORDS.includes(word)) return cellValue(false);
      return cellProblem('validation.type');
    },
  },
};
