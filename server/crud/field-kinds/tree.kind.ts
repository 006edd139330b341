import { bigint } from 'drizzle-orm/pg-core';
import type { TreeField } from '../../../resources/define';
import { MAX_EXACT } from '../../http/input-guard';
import { snakeCase } from '../naming';
import type { ServerFieldKind } from './field-kind';
import { fail, finishColumn, idOrTitle, ok, textOf, titleOf, toId } from './kind-helpers';

/** The parent of a record in a tree of its own resource: the parent's id (`bigint`). */
export const treeKind: ServerFieldKind<TreeField> = {
  columns: ({ name, f }) => ({ [name]: finishColumn(bigint(snakeCase(name), { mode: 'number' }), { f, fallback: f.defaultValue }) }),
  coerce: ({ value }) => {
    const id = toId(value);
    return id === null ? fail('validation.type') : ok(id);
  },
  bodySchema: (f) => ({ type: 'integer', minimum: 1, maximum: MAX_EXACT, description: `${f.label[1]} (parent id)` }),
  answerSchema: (f) => ({ type: 'integer', description: `${f.label[1]} (parent id)` }),
  serialize: ({ value }) => value,
  filterValue: () => ({ type: 'integer' }),
  sheet: {
    exportCell: ({ value, resource, titles }) => titleOf(titles, resource, value as number),
    importValue: ({ cell, resource }) => {
      const part = typeof cell === 'number' ? cell : idOrTitle(textOf(cell));
      return { kind: 'titles', resource, parts: [part], multiple: false };
    },
  },
};
