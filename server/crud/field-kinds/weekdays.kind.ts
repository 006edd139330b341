import { smallint } from 'drizzle-orm/pg-core';
import type { WeekdaysField } from '../../../resources/define';
import { WEEKDAYS } from '../../../resources/contract/weekdays';
import { pick } from '../../../resources/messages/bilingual';
import { snakeCase } from '../naming';
import type { ServerFieldKind } from './field-kind';
import { LIST_SEPARATOR, cellProblem, cellValue, fail, finishColumn, ok, splitList } from './kind-helpers';

function weekdayNumber(text: string): number | undefined {
  if (/^[1-7]$/.test(text)) return Number(text);
  const lower = text.toLowerCase();
  const found = WEEKDAYS.find(
    (day) => day.name[0] === text || day.name[1].toLowerCase() === lower || day.name[1].slice(0, 3).toLowerCase() === lower,
  );
  return found?.value;
}

/** A set of weekdays 1..7 (Monday..Sunday), a sorted `smallint[]` filtered as an array. */
export const weekdaysKind: ServerFieldKind<WeekdaysField> = {
  columns: ({ name, f }) => ({ [name]: finishColumn(smallint(snakeCase(name)).array(), { f, fallback: f.defaultValue }) }),
  coerce: ({ value }) => {
    const valid = (v: unknown) => typeof v === 'number' && Number.isInteger(v) && v >= 1 && v <= 7;
    if (!Array.isArray(value) || !value.every(valid)) return fail('validation.enum');
    return ok([...new Set(value as number[])].sort((a, b) => a - b));
  },
  bodySchema: (f) => ({
    type: 'array',
    items: { type: 'integer', minimum: 1, maximum: 7 },
    description: `${f.label[1]} (1 = Monday … 7 = Sunday)`,
  }),
  answerSchema: (f) => ({
    type: 'array',
    items: { type: 'integer', minimum: 1, maximum: 7 },
    description: `${f.label[1]} (1 = Monday … 7 = Sunday)`,
  }),
  serialize: ({ value }) => value,
  filterValue: () => ({ type: 'integer', minimum: 1, maximum: 7 }),
  isArray: () => true,
  sheet: {
    exportCell: ({ value, locale }) =>
      (value as number[]).map((n) => (WEEKDAYS[n - 1] ? pick(WEEKDAYS[n - 1].name, locale) : String(n))).join(LIST_SEPARATOR),
    importValue: ({ cell }) => {
      const numbers = splitList(cell).map(weekdayNumber);
      if (numbers.some((n) => n === undefined)) return cellProblem('validation.enum');
      return cellValue(numbers);
    },
  },
};
