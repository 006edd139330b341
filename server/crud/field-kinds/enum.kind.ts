import { text } from 'drizzle-orm/pg-core';
import type { EnumField } from '../../../resources/define';
import { pick } from '../../../resources/messages/bilingual';
import type { ServerFieldKind } from './field-kind';
import { LIST_SEPARATOR, cellProblem, cellValue, fail, finishColumn, ok, splitList, textOf } from './kind-helpers';
import { snakeCase } from '../naming';

/** One of the declared codes (`text`), or several (`text[]`, filtered as an array). */

function enumCode(f: EnumField, text: string): string | undefined {
  if (Object.prototype.hasOwnProperty.call(f.options, text)) return text;
  const lower = text.toLowerCase();
  for (const [code, option] of Object.entries(f.options)) {
    if (option.label[0] === text || option.label[1].toLowerCase() === lower || code.toLowerCase() === lower) return code;
  }
  return undefined;
}

function enumDescription(label: string, f: EnumField): string {
  const values = Object.entries(f.options).map(([value, option]) => `${value} = ${option.label[1]}`);
  return `${label}: ${values.join(', ')}`;
}

export const enumKind: ServerFieldKind<EnumField> = {
  columns: ({ name, f }) => {
    const col = snakeCase(name);
    return { [name]: finishColumn(f.multiple ? text(col).array() : text(col), { f, fallback: f.defaultValue }) };
  },
  coerce: ({ f, value }) => {
    const allowed = (v: unknown) => typeof v === 'string' && Object.prototype.hasOwnProperty.call(f.options, v);
    if (!f.multiple) return allowed(value) ? ok(value) : fail('validation.enum');
    if (!Array.isArray(value) || !value.every(allowed)) return fail('validation.enum');
    return ok([...new Set(value as string[])]);
  },
  bodySchema: (f) => {
    const one = { type: 'string', enum: Object.keys(f.options) };
    return f.multiple ? { type: 'array', items: one, description: f.label[1] } : { ...one, description: f.label[1] };
  },
  answerSchema: (f) => {
    const one = { type: 'string', enum: Object.keys(f.options) };
    const description = enumDescription(f.label[1], f);
    return f.multiple ? { type: 'array', items: one, description } : { ...one, description };
  },
  serialize: ({ value }) => value,
  filterValue: (f) => ({ type: 'string', enum: Object.keys(f.options) }),
  isArray: (f) => f.multiple === true,
  sheet: {
    exportCell: ({ f, value, locale }) => {
      const label = (code: unknown) => {
        const option = f.options[String(code)];
        return option ? pick(option.label, locale) : String(code);
      };
      return Array.isArray(value) ? value.map(label).join(LIST_SEPARATOR) : label(value);
    },
    importValue: ({ f, cell }) => {
      const parts = f.multiple ? splitList(cell) : [textOf(cell)];
      const codes = parts.map((part) => enumCode(f, part));
      if (codes.some((code) => code === undefined)) return cellProblem('validation.enum');
      return cellValue(f.multiple ? codes : codes[0]);
    },
  },
};
