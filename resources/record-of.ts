import type { ResourceDef } from './define';

/**
 * The type of a stored record, inferred from its declaration:
 *
 * ```ts
 * type Level = RecordOf<typeof levelResource>;
 * ```
 *
 * It is the row as the server holds it (server/crud: the Drizzle row, property-keyed, plus one
 * array per lines field), so server hooks read typed fields instead of `Record<string, unknown>`:
 *
 * | kind                              | value                                                      |
 * | --------------------------------- | ---------------------------------------------------------- |
 * | text, longText, file, time, date  | `string` (a date `yyyy-MM-dd`, a time `HH:mm`)             |
 * | money, decimal                    | `string`: exact decimal text, never a float (`'12.50'`)    |
 * | integer                           | `number`                                                   |
 * | boolean                           | `boolean`                                                  |
 * | enum                              | one of its option names (`multiple`: an array of them)    |
 * | datetime                          | `Date`                                                     |
 * | dateRange                         | two properties `<field>From`, `<field>To`, `yyyy-MM-dd`    |
 * | weekdays                          | `number[]` (1 = Monday … 7 = Sunday)                       |
 * | relation, tree                    | the id, `number` (`multiple`: `number[]`)                  |
 * | lines                             | an array of line records, each with its `lineNo`           |
 * | object                            | its members, as stored in jsonb ({@link ObjectValueOf})    |
 *
 * A value is nullable unless its field is `required` without a condition (`when`): exactly the
 * fields whose column is NOT NULL. The system fields (`id`, `tenantId`, `version`, `createdAt` …)
 * are included; a centre-scoped resource's `marketingCenterId` is typed as `number | null`.
 * A kind this file does not know yet types as `unknown`.
 */
export type RecordOf<R extends Pick<ResourceDef, 'fields'>> = Simplify<SystemFields & FieldsOf<R['fields']>>;

/** One line of a lines field of a declaration: `LineOf<typeof scoreAdjustResource, 'lines'>`. */
export type LineOf<R extends Pick<ResourceDef, 'fields'>, F extends keyof R['fields']> = R['fields'][F] extends {
  readonly kind: 'lines';
  readonly fields: infer L;
}
  ? LineRecord<L>
  : never;

/** What the values of a save hold: the fields the write sets (a modify sets only some). */
export type ValuesOf<R extends Pick<ResourceDef, 'fields'>> = Partial<RecordOf<R>>;

interface SystemFields {
  readonly id: number;
  readonly tenantId: number;
  readonly marketingCenterId?: number | null;
  readonly version: number;
  readonly createdAt: Date;
  readonly updatedAt: Date;
  readonly createdBy: number | null;
  readonly updatedBy: number | null;
}

type Simplify<T> = { -readonly [K in keyof T]: T[K] } & {};

type Values<T> = T[keyof T];

/** The value of a scalar field, before nullability. */
type ScalarValue<F> = F extends { readonly kind: 'text' | 'longText' | 'file' | 'time' | 'date' | 'money' | 'decimal' }
  ? string
  : F extends { readonly kind: 'integer' }
    ? number
    : F extends { readonly kind: 'boolean' }
      ? boolean
      : F extends { readonly kind: 'enum'; readonly options: infer O }
        ? F extends { readonly multiple: true }
          ? (keyof O & string)[]
          : keyof O & string
        : F extends { readonly kind: 'datetime' }
          ? Date
          : F extends { readonly kind: 'weekdays' }
            ? number[]
            : F extends { readonly kind: 'relation' }
              ? F extends { readonly multiple: true }
                ? number[]
                : number
              : F extends { readonly kind: 'tree' }
                ? number
                : F extends { readonly kind: 'object'; readonly fields: infer M }
                  ? ObjectValueOf<M>
                  : unknown;

/**
 * The stored value of an object field's members (jsonb): as a column holds them (a date range as
 * its two properties), except that an instant is ISO text and a nested list holds plain member
 * objects. A member is nullable unless `required` without a condition.
 * `ObjectValueOf<typeof kind.rule>` is a kind's stored rule.
 */
export type ObjectValueOf<Members> = Simplify<
  {
    [K in keyof Members as Members[K] extends { readonly kind: 'dateRange' } ? never : K]: Nullable<Members[K], MemberValue<Members[K]>>;
  } & RangesOf<Members>
>;

/** A date range (in a record or an object) as its two properties `<name>From`, `<name>To`. */
type RangesOf<Fields> = UnionToIntersection<
  Values<{
    [K in keyof Fields & string]: Fields[K] extends { readonly kind: 'dateRange' }
      ? { [P in `${K}From` | `${K}To`]: Nullable<Fields[K], string> }
      : never;
  }>
>;

type MemberValue<F> = F extends { readonly kind: 'datetime' }
  ? string
  : F extends { readonly kind: 'lines'; readonly fields: infer L }
    ? ObjectValueOf<L>[]
    : ScalarValue<F>;

/** Required without a condition: NOT NULL. */
type Nullable<F, V> = F extends { readonly required: true } ? (F extends { readonly when: object } ? V | null : V) : V | null;

type LineRecord<L> = Simplify<{ lineNo: number } & ScalarsOf<L>>;

/** The scalar fields of a declaration (or of a line), with a date range as its two properties. */
type ScalarsOf<Fields> = {
  [K in keyof Fields as Fields[K] extends { readonly kind: 'dateRange' | 'lines' } ? never : K]: Nullable<
    Fields[K],
    ScalarValue<Fields[K]>
  >;
} & RangesOf<Fields>;

type FieldsOf<Fields> = ScalarsOf<Fields> & {
  [K in keyof Fields as Fields[K] extends { readonly kind: 'lines' } ? K : never]: Fields[K] extends { readonly fields: infer L }
    ? LineRecord<L>[]
    : never;
};

type UnionToIntersection<U> = [U] extends [never]
  ? unknown
  : (U extends unknown ? (x: U) => void : never) extends (x: infer I) => void
    ? I
    : never;
