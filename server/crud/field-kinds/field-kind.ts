import type { PgColumnBuilderBase } from 'drizzle-orm/pg-core';
import type { FieldDef, FieldKind } from '../../../resources/define';
import type { Locale } from '../../../resources/messages/bilingual';
import type { PlainCell } from '../../modules/files/plain-cell';
import type { JsonSchema } from '../../http/openapi.schemas';

/**
 * The contract of one field kind on the server, the mirror of the browser's `FieldKindSpec`
 * (src/fields/field-kind.ts): its columns, the coercion of a client value (validation), the
 * body and answer schemas, the serialisation of a stored value, how a filter compares it, what
 * its indexes need to know, and its spreadsheet cell. `SERVER_FIELD_KINDS` (index.ts) holds one
 * entry per `FieldKind`; the engine asks the entry instead of switching on the kind.
 */

/** One field's columns by property key (camelCase); a `dateRange` has two, top-level `lines` none. */
export type ColumnBuilders = Record<string, PgColumnBuilderBase>;

/** A problem inside a structured value: its path below the field (`.tiers[2].points`) and label. */
export interface NestedIssue {
  readonly path: string;
  readonly label: string;
  readonly key: string;
  readonly values?: Record<string, string | number>;
}

/** The outcome of coercing one value. */
export type Coerced =
  | { readonly ok: true; readonly value: unknown }
  | {
      readonly ok: false;
      readonly key: string;
      readonly values?: Record<string, string | number>;
      readonly nested?: readonly NestedIssue[];
    };

/** What coercion knows beside the value: the request's time zone and language. */
export interface CoerceArgs<F> {
  readonly f: F;
  readonly value: unknown;
  readonly zone: string;
  /** Labels of nested problems (object fields); default Chinese. */
  readonly locale?: Locale;
}

/** Referenced records' titles by resource name and id, filled by the caller for one batch. */
export type TitleMap = ReadonlyMap<string, ReadonlyMap<number, string>>;

/** A cell that could not be read as the field's kind. */
export interface CellProblem {
  readonly key: string;
  readonly values?: Record<string, string | number>;
}

/** A value for the validator, or titles still to resolve to ids (relations and tree parents). */
export type ImportValue =
  | { readonly kind: 'value'; readonly value: unknown }
  | {
      readonly kind: 'titles';
      readonly resource: string;
      readonly parts: readonly (string | number)[];
      readonly multiple: boolean;
      /** The referenced field the cells name records by, instead of the title (a relation's `shownAs`). */
      readonly shownAs?: string;
    }
  | { readonly kind: 'problem'; readonly problem: CellProblem };

/** How a field kind reads and writes spreadsheet cells (server/modules/files/sheet-cells.ts). */
export interface SheetCell<F> {
  /** The exported cell of a stored value (never null or undefined here). */
  readonly exportCell: (args: {
    f: F;
    value: unknown;
    locale: Locale;
    zone: string;
    /** The resource owning the field: a tree field refers to it. */
    resource: string;
    titles: TitleMap;
  }) => string | number | null;
  /** The saveNew value of one non-empty cell. */
  readonly importValue: (args: { f: F; cell: Exclude<PlainCell, null>; resource: string }) => ImportValue;
  /** Excel number format of the column. */
  readonly numberFormat?: (f: F) => string | undefined;
  /** Default column width in characters. */
  readonly width?: number;
}

/** The behaviour of one field kind on the server. */
export interface ServerFieldKind<F extends FieldDef = FieldDef> {
  /** The field's columns; `name` is the property key, the column is its snake_case. */
  readonly columns: (args: { name: string; f: F }) => ColumnBuilders;
  /** The property keys holding the field in a row (default `[name]`). */
  readonly keys?: (name: string) => string[];
  /** The field's value from a property-keyed row (default `row[name]`; a range: `[from, to]` or null). */
  readonly read?: (row: Readonly<Record<string, unknown>>, name: string) => unknown;
  /** Writes a stored value (or null) into a property-keyed row (default `out[name] = value`). */
  readonly write?: (out: Record<string, unknown>, name: string, value: unknown) => void;
  /** The stored value of a non-empty client value, or why it cannot be one. */
  readonly coerce: (args: CoerceArgs<F>) => Coerced;
  /** The JSON schema of the value in a request body (documentation; the coercion decides). */
  readonly bodySchema: (f: F) => JsonSchema;
  /** The JSON schema of the value in an answer, exactly as `serialize` writes it. */
  readonly answerSchema: (f: F) => JsonSchema;
  /** A non-null stored value as the API answers it. */
  readonly serialize: (args: { f: F; value: unknown; zone: string }) => unknown;
  /** Two stored values are the same (field state locks); default: as text, lists as sets. */
  readonly same?: (f: F, a: unknown, b: unknown) => boolean;
  /**
   * False for kinds the list cannot filter, sort or search (lines, objects, secrets); the
   * server refuses to start on a declaration asking it. Default true.
   */
  readonly filterable?: boolean;
  /** One value a filter compares with, in the query body's schema (default a string). */
  readonly filterValue?: (f: F) => JsonSchema;
  /** Stored as a PostgreSQL array: filtered with `@>` / `&&`, indexed with GIN, never unique. */
  readonly isArray?: (f: F) => boolean;
  /** Text matched with ILIKE / trigram indexes (contains, prefix, keyword). */
  readonly textual?: boolean;
  /** The column's DEFAULT for a declared default value (default: the value itself). */
  readonly columnDefault?: (f: F, value: unknown) => unknown;
  /**
   * On modify, a value that means "keep what is stored" (a secret's mask sent back): the field
   * is then not written, as if absent.
   */
  readonly keepsStored?: (value: unknown) => boolean;
  /** The spreadsheet cell; absent: the kind has no sheet column. */
  readonly sheet?: SheetCell<F>;
}

/** The registry type: one entry per kind, typed by the kind's declaration. */
export type ServerFieldKindRegistry = {
  readonly [K in FieldKind]: ServerFieldKind<Extract<FieldDef, { kind: K }>>;
};
