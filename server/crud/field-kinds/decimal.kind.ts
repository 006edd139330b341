import type { DecimalField } from '../../../resources/define';
import { decimalNumber } from '../../http/openapi.schemas';
import { toJsonNumber } from '../../../resources/money/decimal';
import type { ServerFieldKind } from './field-kind';
import { decimalsOf } from './kind-helpers';
import { coerceExact, exactBodySchema, exactCell, exactColumns, exactDefault, exactFilterValue, sameExact } from './money.kind';

/** An exact decimal with a declared number of decimals (default 2): numeric(14, d). */
export const decimalKind: ServerFieldKind<DecimalField> = {
  columns: exactColumns,
  columnDefault: exactDefault,
  coerce: coerceExact,
  bodySchema: exactBodySchema,
  answerSchema: (f) => decimalNumber(decimalsOf(f), `${f.label[1]}; exact, at most ${decimalsOf(f)} decimals`),
  serialize: ({ value }) => toJsonNumber(String(value)),
  same: sameExact,
  filterValue: exactFilterValue,
  sheet: {
    ...exactCell,
    numberFormat: (f) => {
      const decimals = f.decimals ?? 2;
      return decimals > 0 ? `0.${'0'.repeat(decimals)}` : '0';
    },
  },
};
