import { bigint } from 'drizzle-orm/pg-core';
import type { RelationField } from '../../../resources/define';
import { MAX_EXACT } from '../../http/input-guard';
import { snakeCase } from '../naming';
import type { ServerFieldKind } from './field-kind';
import { LIST_SEPARATOR, fail, finishColumn, idOrTitle, ok, splitList, titleKey, titleOf, toId } from './kind-helpers';

/** Ids are positive and exact. */
const ID_SCHEMA = { type: 'integer', minimum: 1, maximum: MAX_EXACT } as const;

/**
 * A reference to another resource's record: its id (`bigint`), or several (`bigint[]`). The
 * validator checks the records exist for the caller (references.validate.ts); sheets write and
 * read the records' titles.
 */
export const relationKind: ServerFieldKind<RelationField> = {
  columns: ({ name, f }) => {
    const col = snakeCase(name);
    const builder = f.multiple ? bigint(col, { mode: 'number' }).array() : bigint(col, { mode: 'number' });
    return { [name]: finishColumn(builder, { f, fallback: f.defaultValue }) };
  },
  coerce: ({ f, value }) => {
    if (!f.multiple) {
      const id = toId(value);
      return id === null ? fail('validation.type') : ok(id);
    }
    if (!Array.isArray(value)) return fail('validation.type');
    const ids = value.map(toId);
    if (ids.some((id) => id === null)) return fail('validation.type');
    return ok([...new Set(ids as number[])]);
  },
  bodySchema: (f) =>
    f.multiple
      ? { type: 'array', items: ID_SCHEMA, description: `${f.label[1]} (ids of ${f.resource})` }
      : { ...ID_SCHEMA, description: `${f.label[1]} (id of ${f.resource})` },
  answerSchema: (f) =>
    f.multiple
      ? { type: 'array', items: { type: 'integer' }, description: `${f.label[1]} (ids of ${f.resource})` }
      : { type: 'integer', description: `${f.label[1]} (id of ${f.resource})` },
  serialize: ({ value }) => value,
  filterValue: () => ({ type: 'integer' }),
  isArray: (f) => f.multiple === true,
  sheet: {
    exportCell: ({ f, value, titles }) => {
      const ids = Array.isArray(value) ? (value as number[]) : [value as number];
      return ids.map((id) => titleOf(titles, titleKey(f.resource, f.shownAs), id)).join(LIST_SEPARATOR);
    },
    importValue: ({ f, cell }) => {
      const parts = typeof cell === 'number' ? [cell] : splitList(cell).map(idOrTitle);
      return { kind: 'titles', resource: f.resource, parts, multiple: f.multiple === true, shownAs: f.shownAs };
    },
  },
};
