/**
 * The declaration of a business object. A resource is declared once, as plain data; its table,
 * validation, API routes, permission checks, refine resource, routes, menu entry, list / form /
 * detail screens, i18n keys and contract tests are all derived from it (DESIGN.md §1).
 *
 * Nothing here imports React or the database: declarations are read by the browser, the server
 * and the tests alike.
 */
import type { Action, MenuGroup, PermissionRef } from './catalog/types';
import type { Bilingual } from './messages/bilingual';

// ---------------------------------------------------------------------------------------------
// Fields
// ---------------------------------------------------------------------------------------------

/**
 * Every kind of field the engine knows. Each maps to a column, a validator, an input, a cell:
 * one entry per kind in the server's registry (server/crud/field-kinds/*.kind.ts) and the
 * browser's (src/fields/kinds/*.kind.tsx). `object` holds nested data (jsonb), `secret` a
 * write-only credential.
 */
export type FieldKind =
  | 'text'
  | 'longText'
  | 'integer'
  | 'money'
  | 'decimal'
  | 'boolean'
  | 'enum'
  | 'date'
  | 'datetime'
  | 'dateRange'
  | 'time'
  | 'weekdays'
  | 'relation'
  | 'tree'
  | 'file'
  | 'lines'
  | 'object'
  | 'secret';

/** How a field is offered in the list's filter bar. */
export type FilterMode =
  /** Exact match (enums, booleans, relations, integers). */
  | 'eq'
  /** Substring match, case-insensitive (text). */
  | 'contains'
  /** Prefix match; served by a b-tree index, so it stays fast on millions of rows. */
  | 'prefix'
  /** Between two values (numbers, dates). */
  | 'range'
  /** One of several values (enums, relations). */
  | 'in';

/**
 * A condition on another field's value, as plain data so the server and the browser read the
 * same rule (DESIGN.md §7; Payload's `admin.condition`, but declarative): `{ field: 'levelType',
 * in: ['PAID'] }` holds while the record's level type is PAID.
 */
export interface FieldCondition {
  /**
   * The field whose value decides: an `enum` or `boolean` field of the resource. Inside `lines`,
   * a field of the same line (a coupon line's type decides that line's fields). A controlling
   * field that does not apply itself counts as empty, so chains of conditions work.
   */
  readonly field: string;
  /**
   * The values for which the condition holds (enum options, or `true` / `false`). A multiple
   * enum holds when any of its values is listed; an empty value never holds.
   */
  readonly in: readonly (string | boolean)[];
}

/** One condition, or several that must all hold. */
export type FieldWhen = FieldCondition | readonly FieldCondition[];

/** What every field kind shares. */
export interface FieldBase<K extends FieldKind> {
  /** The field kind. */
  readonly kind: K;
  /** Label in both languages. Its i18n key is derived: `res.<resource>.<field>`. */
  readonly label: Bilingual;
  /** A hint shown under the input. Key: `res.<resource>.<field>.help`. */
  readonly help?: Bilingual;
  /**
   * What an empty value means (全部门店 / All stores, 不限 / Unlimited), shown by lists and details
   * instead of the dash, which otherwise means "not filled in". Key: `res.<resource>.<field>.empty`.
   */
  readonly emptyMeans?: Bilingual;
  /**
   * The value must be present (not null, not empty text, not an empty list); the column is NOT
   * NULL. With `when`: only while the field applies (the column then stays nullable).
   */
  readonly required?: boolean;
  /**
   * The field applies only while this holds (and, for a field of a form section with its own
   * `when`, while the section's holds too). A field that does not apply is not shown by the form
   * or the detail, not required and not validated, and is stored as null: saveNew, modify and a
   * settings save clear it whatever the body sent (server/crud/record.validate.ts). A `tree`
   * field cannot be conditional; the server refuses to start on a rule it cannot hold
   * (resources/field-rules.ts `fieldRuleProblems`).
   */
  readonly when?: FieldWhen;
  /**
   * States of the record (`states.field`) in which a modify may change this field; outside them
   * the server refuses a modify that changes its value (400 naming the field) and the form shows
   * it read-only. Narrows `states.editableIn` (default: whenever the record is editable): an
   * enabled card template keeps its terms (`editableIn: ['DRAFT']`) while its name may change.
   * Needs `states`; not inside `lines` (give it to the lines field).
   */
  readonly editableIn?: readonly string[];
  /**
   * No two records of the same tenant (and marketing centre, when scoped) share the value. A
   * `required` unique field (a code, a document number) also orders the list by itself: its
   * unique index serves sorting and paging, and no second index is derived for it.
   */
  readonly unique?: boolean;
  /** Included in the list's keyword search box. */
  readonly searchable?: boolean;
  /** Offered in the list's filter bar, with this mode. */
  readonly filter?: FilterMode;
  /** The list can be sorted by this field. */
  readonly sortable?: boolean;
  /**
   * A counter the server moves on every transaction (a member's growth value): it gets no sort
   * index, so updating it touches no index and PostgreSQL can write it in place (a HOT update)
   * instead of adding an entry to every index of the table. Sorting by it still works, by
   * reading the tenant's rows (server/crud/README.md "Indexes").
   */
  readonly hotCounter?: boolean;
  /** Shown as a list column (default: true for scalar kinds, false for longText/lines/file/object/secret). */
  readonly inList?: boolean;
  /** Shown in the add/edit form (default true). */
  readonly inForm?: boolean;
  /** Shown on the detail page (default true). */
  readonly inDetail?: boolean;
  /** Can be set on creation but not changed afterwards (codes, numbers, types). */
  readonly readOnlyAfterCreate?: boolean;
  /** Never written by a client: filled by the server (numbers, computed totals). */
  readonly serverManaged?: boolean;
  /**
   * Value given to a new record when the client sends none; also the column's database DEFAULT
   * (not for datetimes), so a `required` field added later to a table that has rows migrates
   * safely (`ADD COLUMN … DEFAULT … NOT NULL`; tests/unit/migration-safety.test.ts refuses one
   * without a default).
   */
  readonly defaultValue?: unknown;
  /** Column width in the list, in pixels. */
  readonly width?: number;
}

export interface TextField extends FieldBase<'text'> {
  readonly minLength?: number;
  /** Default 100. */
  readonly maxLength?: number;
  /** A regular expression the value must match, and the message when it does not. */
  readonly pattern?: { readonly regex: string; readonly message: Bilingual };
  /**
   * The text names a record of another resource by its title (a coupon's code, typed or scanned
   * on a write-off line): the form looks it up as it is typed and shows the record's card, or an
   * error on the field when no record (or no pickable one) holds it. See {@link TextLookup}.
   */
  readonly lookup?: TextLookup;
  /** Sibling fields filled from the record looked up; see {@link RecordFills}. */
  readonly fills?: RecordFills;
}

/** What a text field holding another record's title looks up (`TextField.lookup`). */
export interface TextLookup {
  /** The resource whose title field (`coupon`: its code) the text names. */
  readonly resource: string;
  /** Only records whose enum field is one of these may be named (the save's own rule, stated once). */
  readonly pickable?: PickableRecords;
  /** The text is compared in capitals (codes printed in capitals, typed in any case). */
  readonly upperCase?: boolean;
}

/**
 * Sibling field -> field of the referenced record's card (`ResourcePicker.card`): when a record is
 * chosen or looked up, the form fills each sibling (the same line's, or the header's) from it,
 * as a default the user may change (a write-off line's discount = the coupon's face value).
 */
export type RecordFills = Readonly<Record<string, string>>;

export interface LongTextField extends FieldBase<'longText'> {
  /** Default 2000. */
  readonly maxLength?: number;
  /**
   * The text is a structured value stored as JSON and edited by a widget of the browser's
   * registry (src/fields/field-widgets.ts) instead of a text area; the server still stores and
   * answers text, and the resource's hooks validate it.
   */
  readonly widget?: FieldWidget;
}

/**
 * The condition builder of precision marketing: the text is a condition tree
 * (resources/contract/audience-condition.types.ts) built from nested AND / OR groups of metric
 * pickers, each node's server error (`rule.children[0].window`) on its input, with the planner's
 * estimate while editing and the record's exact count from the background.
 */
export interface ConditionTreeWidget {
  /** The widget. */
  readonly name: 'conditionTree';
  /** The resource's extra route that computes a saved record's exact count: `POST /v1/<resource>/<count>?id=`. */
  readonly count: string;
  /** The record's fields holding the exact count and when it was computed (server-managed). */
  readonly countFields: readonly [count: string, at: string];
  /**
   * The file-centre export of the members a saved record selects, if it has one:
   * `POST /v1/<resource>/<exportMembers>` with `{ id }` (a module export); the detail offers it
   * next to the count.
   */
  readonly exportMembers?: string;
}

/**
 * A QR code's content (an address a platform gave, server-managed): the detail draws it as a QR
 * code a person can scan from the screen, with the text beside it to copy.
 */
export interface QrCodeWidget {
  /** The widget. */
  readonly name: 'qrCode';
}

/** The structured-text widgets the browser registers (src/fields/field-widgets.ts). */
export type FieldWidget = ConditionTreeWidget | QrCodeWidget;

export interface NumberFieldBase<K extends 'integer' | 'money' | 'decimal'> extends FieldBase<K> {
  readonly min?: number;
  readonly max?: number;
}
/** A whole number (points, quantities, counts). */
export type IntegerField = NumberFieldBase<'integer'>;
/** Yuan with exactly 2 decimals, exact (numeric column, decimal strings in code). */
export type MoneyField = NumberFieldBase<'money'>;
/** An exact decimal with a fixed number of decimals (discount rate, multiplier). */
export interface DecimalField extends NumberFieldBase<'decimal'> {
  /** Decimals kept; default 2. */
  readonly decimals?: number;
  /**
   * The value is a discount rate in 折, the tenths of the price the customer pays (8.5 = pays
   * 85 %). Chinese screens ask and show 折; English screens ask and show the percentage paid.
   * The API and the table keep 折.
   */
  readonly asDiscount?: boolean;
}

export type BooleanField = FieldBase<'boolean'>;

/** One value of an enum with its display mapping. */
export interface EnumOption {
  readonly label: Bilingual;
  /** antd tag colour for the value (`green`, `red`, `default` …). */
  readonly color?: string;
  /**
   * A stored variant shown like another option (`Using` for custom members displays as `using`):
   * kept so stored data displays, never offered in inputs or filters, and a filter on the
   * option it names also matches it.
   */
  readonly aliasOf?: string;
  /**
   * The permission a user needs to save a record with this value (a card template's type is its
   * own permission resource). Forms offer the value only to users holding it; the server's hook
   * refuses the others anyway.
   */
  readonly requires?: PermissionRef;
}
export interface EnumField extends FieldBase<'enum'> {
  /** Stored value -> display. Stored values are the specification's codes (`CANCEL`, `using`). */
  readonly options: Readonly<Record<string, EnumOption>>;
  /** Several values may be chosen (stored as a text array). */
  readonly multiple?: boolean;
}

export type DateField = FieldBase<'date'>;
export type DateTimeField = FieldBase<'datetime'>;
/** A start and an end date, sent as `[from, to]`; stored as two columns `<field>_from/_to`. */
export type DateRangeField = FieldBase<'dateRange'>;
/** A time of day `HH:mm`. */
export type TimeField = FieldBase<'time'>;
/** A set of weekdays 1..7 = Monday..Sunday (§9). */
export type WeekdaysField = FieldBase<'weekdays'>;

/**
 * A reference to a record of another resource (stored as its id, or an id array). The record
 * referred to must exist for the caller when the value is written, and cannot be deleted while
 * any record still refers to it (409 naming the referrers, server/crud/inbound-references.ts).
 */
export interface RelationField extends FieldBase<'relation'> {
  /** Name of the referenced resource (`area`, `marketingCenter`). */
  readonly resource: string;
  /** Several records may be referenced. */
  readonly multiple?: boolean;
  /**
   * The referenced resource's field that names the record here, instead of its title field (an
   * export writes the member number and an import reads it); the engine's `_titles` carry it,
   * unless the referenced resource declares `referredAs`, which screens show instead.
   */
  readonly shownAs?: string;
  /**
   * Only records whose enum `field` is one of `in` may be chosen here (a batch's coupon template:
   * an effective one). The picker lists only them (`GET /v1/<resource>/options?field=&in=`) and
   * a write naming another is refused, 400 naming this field (server/crud/references.validate.ts).
   * A state that follows time is read as shown now. Records already chosen keep their titles.
   */
  readonly pickable?: PickableRecords;
  /** Sibling fields filled from the chosen record; see {@link RecordFills}. */
  readonly fills?: RecordFills;
  /** Figures of the chosen record kept in another list, shown under the picker; see {@link RelationFigures}. */
  readonly figures?: RelationFigures;
}

/**
 * What a form shows, under a relation's picker, of the chosen record from another list: an
 * adjustment line's member with the balance the line changes (the stored-value account's
 * principal, gift and balance; the points account's balance), read as the line is drafted.
 */
export interface RelationFigures {
  /** API name of the list holding the figures: a declared resource or a query view. */
  readonly resource: string;
  /** That list's equality filter taking the chosen record's id (`memberId`). */
  readonly field: string;
  /** Its fields (a resource) or columns (a query view) shown, with their labels. */
  readonly show: readonly string[];
}

/** Which records of a relation's resource may be chosen: those whose enum `field` is one of `in`. */
export interface PickableRecords {
  readonly field: string;
  readonly in: readonly string[];
}

/** The parent of a record in a tree of the same resource (category, area); a node with children is never deleted. */
export interface TreeField extends FieldBase<'tree'> {
  /** Deepest level allowed; default 5. */
  readonly maxDepth?: number;
}

/** An uploaded image or file, stored as the id of a stored file. */
export interface FileField extends FieldBase<'file'> {
  /** Accepted MIME types or extensions (`image/*`, `.xlsx`). */
  readonly accept?: string;
  /** Largest size in MiB; default 5. */
  readonly maxSizeMb?: number;
}

/**
 * Lines edited with their header (document lines); stored in a child table `<table>_lines`. A
 * lines field may also sit inside an `object` field (a rule's tiers): there it is stored in the
 * object's jsonb value, and its line fields may be objects holding lines again.
 */
export interface LinesField extends FieldBase<'lines'> {
  /**
   * The fields of one line: scalar kinds, or `object` fields (jsonb columns of the line table)
   * whose own fields may hold a nested list. A line holds no `secret` (a line is replaced as a
   * whole, so a masked value could not be kept).
   */
  readonly fields: Readonly<Record<string, LineField>>;
  readonly minLines?: number;
  /** Default 1000. */
  readonly maxLines?: number;
  /**
   * Numeric line fields summed under the lines editor as they are typed (the running total of a
   * write-off's discounts, a top-up's amounts), with the number of lines; the saved header's
   * totals are still the server's.
   */
  readonly totals?: readonly string[];
  /** What the lines come to, previewed under the editor as they are typed; see {@link LinesAmounts}. */
  readonly amounts?: LinesAmounts;
}

/**
 * Header totals the server fills on save, previewed under a lines editor as the lines are typed
 * (a card sale: the cards times their template's price, less the discount), in cents, exact; the
 * saved figures are still the server's. A line counts its `count` field where that applies to it,
 * else every number from `range[0]` to `range[1]` (the save counts the cards that exist there).
 */
export interface LinesAmounts {
  /** The line field of how many (a quantity). */
  readonly count: string;
  /** The line fields of a number range's first and last numbers, for the lines chosen by range. */
  readonly range?: readonly [string, string];
  /** The line's relation field, and the field of its record's picker card that prices one (`price`). */
  readonly unit: { readonly reference: string; readonly field: string };
  /** The header's field the sum previews (its label names the figure). */
  readonly total: string;
  /** The header's field taken off the sum (a discount), and its field of what is left (previewed too). */
  readonly less?: { readonly field: string; readonly into: string };
}

/**
 * A structured value: an object with its own fields, stored as one jsonb column and validated
 * field by field, each problem named by its path (`rule.tiers[2].points`). Its fields are scalar
 * kinds (no file or secret: nothing inside jsonb is encrypted), nested objects and `lines` (a
 * rule's tiers, stored inside the object). A relation member (not inside such lines) is checked
 * like a relation field: it must exist for the caller when saved (400 naming its path,
 * `rule.rewardCouponTemplate`), its names are answered (`_titles['rule.giftGoods']`), and the
 * record it names cannot be deleted (server/crud/object-relations.ts). A member of an object
 * that is a field of the resource itself may carry a `when` on the resource's own fields (a kind's
 * rule members apply to that kind) or on a sibling member without a `when` of its own (a
 * validity's dates apply to its fixed mode): a member that does not apply is neither accepted,
 * stored nor answered, so one jsonb column holds each kind's own rule. Otherwise, inside an object, `when`,
 * `editableIn`, `unique`, `searchable`, `filter` and `sortable` are not read; the server refuses
 * to start on them. Absent members take their `defaultValue`, else null. The object field itself
 * cannot be filtered, sorted or searched. Generic form and detail render its fields with the
 * generic renderers (src/fields/kinds/object.kind.tsx).
 */
export interface ObjectField extends FieldBase<'object'> {
  readonly fields: Readonly<Record<string, ObjectMemberField>>;
}

/**
 * A write-only credential (a channel's API key or password): stored encrypted with AES-256-GCM
 * (server/crud/secret-box.ts, key from `SECRET_KEY`), never answered in clear. Reads give a mask
 * (`••••1234`: the last four characters when the secret has at least 12, else `••••`) or null
 * when none is stored. A modify that leaves the field out or sends the mask back keeps the stored
 * secret; null or empty text clears it. Not in lists, filters, sorts, sheets or lines.
 */
export interface SecretField extends FieldBase<'secret'> {
  /** Longest secret accepted, in characters; default 500. */
  readonly maxLength?: number;
  /**
   * The shape a credential must have (a WeChat EncodingAESKey: 43 letters and digits), checked
   * on the clear text before it is sealed; 400 naming the field with `message` otherwise.
   */
  readonly pattern?: { readonly regex: string; readonly message: Bilingual };
}

export type ScalarField =
  | TextField
  | LongTextField
  | IntegerField
  | MoneyField
  | DecimalField
  | BooleanField
  | EnumField
  | DateField
  | DateTimeField
  | DateRangeField
  | TimeField
  | WeekdaysField
  | RelationField
  | FileField
  | SecretField;

/** A field of one line: a scalar, or an object (jsonb) that may hold a nested list. */
export type LineField = ScalarField | ObjectField;

/** A field inside an object: a scalar, a nested object, or lines stored in the object. */
export type ObjectMemberField = ScalarField | ObjectField | LinesField;

export type FieldDef = ScalarField | TreeField | LinesField | ObjectField;

type Options<F extends FieldDef> = Omit<F, 'kind'>;

/**
 * One builder: the options as written (a `const` type parameter keeps `required: true`,
 * `multiple: true`, enum option names and line fields literal) plus the kind, so `RecordOf`
 * (resources/record-of.ts) can infer a record's type from its declaration.
 */
const builder =
  <K extends FieldDef['kind']>(kind: K) =>
  <const O extends Options<Extract<FieldDef, { kind: K }>>>(o: O): O & { readonly kind: K } => ({ kind, ...o });

/** Field builders: `field.text({ label: ['名称', 'Name'], required: true })`. */
export const field = {
  text: builder('text'),
  longText: builder('longText'),
  integer: builder('integer'),
  money: builder('money'),
  decimal: builder('decimal'),
  boolean: builder('boolean'),
  enum: builder('enum'),
  date: builder('date'),
  datetime: builder('datetime'),
  dateRange: builder('dateRange'),
  time: builder('time'),
  weekdays: builder('weekdays'),
  relation: builder('relation'),
  tree: builder('tree'),
  file: builder('file'),
  lines: builder('lines'),
  object: builder('object'),
  secret: builder('secret'),
} as const;

// ---------------------------------------------------------------------------------------------
// Resources
// ---------------------------------------------------------------------------------------------

/** Where the resource lives in the catalogue (resources/catalog) and which screens it fills. */
export interface ResourceRoute {
  readonly group: MenuGroup;
  readonly entry: string;
  /**
   * Catalogue screen names of each generic view. A resource whose entry has one screen only
   * (all of /datum) gives just `list`: add, edit and detail then open in a drawer over the
   * list, addressed by query parameters (`?view=dtl&id=7`) so they can still be linked.
   */
  readonly screens: {
    readonly list?: string;
    readonly add?: string;
    readonly edit?: string;
    readonly dtl?: string;
    /**
     * The screen of a settings object (`singleton`): its detail, with an Edit button that turns
     * it into the form in place (or, given `settingsEdit`, leads to that screen). A singleton has
     * no list, add, edit or dtl screen.
     */
    readonly settings?: string;
    /**
     * The edit screen of a settings object whose catalogue entry names one apart from its read
     * screen (`store-value-manage` / `store-value-manage-edit`): `settings` then shows the record
     * read-only with an Edit button leading here, and this screen is the form; Save returns to
     * `settings`, Cancel too (asking first when the form was changed). Needs `settings`.
     */
    readonly settingsEdit?: string;
  };
  /**
   * Records of some values of an enum field open on a detail screen of their own (a system tag on
   * sys-tag-detail, a manual one on the declared `dtl`): `{ field: 'tagType', screens: { SYSTEM:
   * 'sys-tag-detail' } }`. Each named screen draws the generic detail; links to a record's detail
   * (list rows, after a save) pick the screen by the record's value. Needs `screens.dtl`.
   */
  readonly detailBy?: { readonly field: string; readonly screens: Readonly<Record<string, string>> };
  /**
   * Fields of a record carried in the query of its routed edit and detail screens
   * (`?id=7&cardTemplateType=OFFLINE_GIFT_CARD`), for route rules that read them: the card
   * template rules decide by the record's card type (resources/access.ts).
   */
  readonly recordQuery?: readonly string[];
}

/** Who may do what. The resourceId is the catalogue entry's; the actions are named here. */
export interface ResourceAccess {
  /** Reading (query, info, export) needs any of these actions on the entry's resource. */
  readonly read: readonly Action[];
  /** Creating, modifying, deleting, importing and state actions need this action. */
  readonly write: Action;
}

/** A state action: a transition of the state field, from some states to one. */
export interface StateAction {
  /** Button label. Key: `res.<resource>.action.<name>`. */
  readonly label: Bilingual;
  /**
   * States the action is allowed from; any other state answers 409. With `states.timeline`, the
   * shown states (a stop from `['UNSTART', 'PROCESSING']`), checked at the request's instant.
   */
  readonly from: readonly string[];
  /** The state after the action. */
  readonly to: string;
  /** Ask for confirmation first (with this text). Key: `res.<resource>.action.<name>.confirm`. */
  readonly confirm?: Bilingual;
  /** Shown as a dangerous (red) action. */
  readonly danger?: boolean;
  /** Override of the write action for this transition (e.g. audit needs `审核`). */
  readonly requires?: Action;
  /**
   * The action takes a reason (`POST …/<action>?id=` with body `{ reason }`, at most
   * {@link REASON_MAX_LENGTH} characters): `required` refuses a blank one with 400. Every state
   * action is logged in `state_changes` (with its reason) and listed by `GET /v1/<name>/history/:id`.
   */
  readonly reason?: 'required' | 'optional';
  /**
   * A transition only the server makes (a background run moving its document to done or failed):
   * no route, no button. Jobs run it through the engine's own action operation (`runAction`),
   * so its from-states, its conditional update and its state-history entry are the same as for
   * any action; the history shows it with no user.
   */
  readonly server?: boolean;
}

/** Longest reason a state action accepts. */
export const REASON_MAX_LENGTH = 200;

/** The life cycle of a resource: which field holds the state and what moves it. */
export interface ResourceStates {
  /** Name of an enum field of the resource that holds the state. */
  readonly field: string;
  /** State of a new record. */
  readonly initial: string;
  /** States in which the record can still be edited; default: every state (shown states with a timeline). */
  readonly editableIn?: readonly string[];
  /** States in which the record can be deleted; default: every state (shown states with a timeline). */
  readonly deletableIn?: readonly string[];
  /** Actions by name; the name is the URL segment: `POST /v1/<resource>/<name>?id=`. */
  readonly actions: Readonly<Record<string, StateAction>>;
  /**
   * States that follow time (spec §4: INITAIL -> UNSTART -> PROCESSING -> STOPED): the stored
   * state `during` is never shown as such; the record shows `before`, `inside` or `after` by where
   * the current instant lies in its window (see {@link StateTimeline}). Every other stored state
   * shows as itself. `editableIn`, `deletableIn` and the actions' `from` name shown states.
   */
  readonly timeline?: StateTimeline;
}

/**
 * A life cycle whose shown state is derived from the stored one and the record's time window,
 * exact at every second with no job moving it (resources/state-timeline.ts):
 *
 * ```ts
 * states: {
 *   field: 'status', initial: 'INITAIL', editableIn: ['INITAIL'],
 *   actions: {
 *     audit: { label, from: ['INITAIL'], to: 'AUDITED' },
 *     stop: { label, from: ['UNSTART', 'PROCESSING'], to: 'STOPED', reason: 'required' },
 *   },
 *   timeline: { window: { start: 'beginTime', end: 'endTime' }, during: 'AUDITED',
 *               before: 'UNSTART', inside: 'PROCESSING', after: 'STOPED' },
 * }
 * ```
 *
 * A record stored `during` shows `before` while now < start, `inside` while start <= now < end,
 * `after` from end on. The server computes it as one SQL `CASE` over the request's instant for
 * the list's filter and sort (a filter on `inside` becomes `state = during AND start <= now AND
 * end > now`, served by the state's index), and with the same pure function
 * (`shownState`) for every answer, so list, detail and preconditions agree at every second.
 * The instant is taken once per request (the server's clock; tests set it).
 */
export interface StateTimeline {
  /**
   * The record's window: two `datetime` fields, `required` and unconditional; start inclusive,
   * end exclusive.
   */
  readonly window: { readonly start: string; readonly end: string };
  /** The stored state whose shown state follows the window (AUDITED); never shown itself. */
  readonly during: string;
  /** Shown before the window's start (UNSTART). */
  readonly before: string;
  /** Shown inside the window (PROCESSING). */
  readonly inside: string;
  /** Shown from the window's end on (STOPED); may also be a stored state (a stop action's). */
  readonly after: string;
}

/**
 * Business numbers of a resource (`BO00000007`, `M000000042`), drawn on saveNew from the
 * tenant's named counter (the `counters` table) inside the save's own transaction: concurrent
 * saves never share a number, and a save that fails gives its number back. One service serves
 * every numbered resource (server/crud/numbering.ts).
 *
 * A number field the client may not write (`serverManaged`) is always drawn. One the client
 * may write (a card template's number, allocated beforehand by its own endpoint) is drawn when
 * the body leaves it blank, and a given one must be a number the counter has already handed out
 * (`<prefix><digits>`, not above the counter), else 400 on the field.
 */
export interface ResourceNumbering {
  /** The text field holding the number; declare it `unique`, so the index backs the counter. */
  readonly field: string;
  /** Letters before the digits (`BO`, `CT`, `M`). */
  readonly prefix: string;
  /** Digits after the prefix, zero-padded (`7` with 8 digits is `00000007`). */
  readonly digits: number;
  /**
   * Name of the tenant's counter the numbers come from; default: the resource's name (its base's
   * for a view, so every view of one table draws from one sequence).
   */
  readonly counter?: string;
}

/** A titled group of fields on the form or the detail page. */
export interface Section {
  /** Key of the section; its title's i18n key is `res.<resource>.section.<key>`. */
  readonly key: string;
  readonly title: Bilingual;
  readonly fields: readonly string[];
  /**
   * The whole section applies only while this holds: on a form section, every field of it gets
   * the condition as if declared on the field (server and browser alike; see `FieldBase.when`);
   * on a detail section, the detail leaves the section out. Only the base declaration's
   * sections carry rules: a view inherits them.
   */
  readonly when?: FieldWhen;
  /**
   * On a form section: every field of it may change only in these states, as if each declared
   * `editableIn` (both lists apply when the field has its own).
   */
  readonly editableIn?: readonly string[];
}

/**
 * "The latest N of X for this record" on a detail page (`detail.related`): a small table of the
 * newest records of another listed resource (or a query view) that point at this record, and a
 * link to that list filtered on it (the filter in the list's url, as the list's own filters are).
 * Shown to users who may read X only; X's own routes check the reads anyway.
 */
export interface RelatedList {
  /** Unique within the detail: the tab's key and its test id (`related-<key>`). */
  readonly key: string;
  /** API name of X: a declared resource or a query view. */
  readonly resource: string;
  /** X's filter that takes this record's id (`member` on coupons); it must filter by equality. */
  readonly field: string;
  /** This record's field whose value the filter takes (default `id`: a related list of an account gives its `member`). */
  readonly from?: string;
  /** How many of the latest are shown (default 10). */
  readonly limit?: number;
  /** X's columns in the small table (default the first six of X's list columns, less `field`). */
  readonly columns?: readonly string[];
  /** Tab title in both languages (default X's title). */
  readonly title?: Bilingual;
}

/** A detail page that shows related lists besides its sections. */
export interface ResourceDetail {
  /** The sections (default: the form sections plus the system fields). */
  readonly sections?: readonly Section[];
  /** Related lists, each a tab after the sections (see {@link RelatedList}). */
  readonly related?: readonly RelatedList[];
}

/**
 * The kinds of value a document can create (issue 24 item 1): each has its own approval
 * threshold in the merchant's value-approval settings (resources/setting/value-approval-setting.resource.ts).
 * `storedValue`, `cardValue` and `couponValue` (what granted coupons can take off, measured by
 * server/modules/coupons/coupon-worth.ts) are money (yuan, exact cents), `points` whole points.
 */
export const VALUE_KINDS = ['storedValue', 'cardValue', 'points', 'couponValue'] as const;
export type ValueKind = (typeof VALUE_KINDS)[number];

/**
 * One value a document creates, read from its fields: the amount is the sum of the unsigned
 * values of `fields` (a deduction is as much a single person's risk as an addition), less the
 * sum of `paid` (never below 0), times `times`. Gift fields are value like any other.
 */
export interface CreatedValue {
  /** Which kind of value, hence which threshold of the merchant's settings applies. */
  readonly kind: ValueKind;
  /**
   * The fields summed: header fields by name (`principal`), line fields as `<lines>.<field>`
   * (`lines.gift`: that field of every line). Money or integer fields.
   */
  readonly fields: readonly string[];
  /**
   * Header money fields of what the buyer pays for the value (a card sale bill's amount paid):
   * subtracted, so only the value beyond what is paid counts. Default none.
   */
  readonly paid?: readonly string[];
  /** A header integer field the amount is multiplied by (a batch document's member count). */
  readonly times?: string;
  /** The value is created only while this holds on the header (a batch document's operation). */
  readonly when?: FieldWhen;
}

/**
 * What a document creates when its value is applied, and so the one approval rule it follows
 * (server/crud/value-approval.ts): above the merchant's threshold for the value's kind, the
 * user who runs `action` may not be one of the document's value makers — its creator or anyone
 * who changed a declared field or a line (a remark-only edit does not count). The engine keeps
 * the makers on the record (`valueMakers`, read-only), checks the rule on the action after
 * locking and re-reading the row, and adds `approval` to the record's info answer so screens can
 * show who may audit.
 */
export interface ValueCreation {
  /** The state action that applies the value; default `audit`. */
  readonly action?: string;
  /** The values created, one per kind (each with its own `when`). */
  readonly values: readonly CreatedValue[];
}

/** Module labels of the file centre (§4 scheduled file modules). */
export type FileModule =
  'members' | 'stores' | 'zones' | 'coupons' | 'points' | 'storedValue' | 'giftCards' | 'prepaidCards' | 'reports' | 'masterData';

export interface ResourceDef {
  /**
   * API name in kebab-case: the endpoints are `/v1/<name>/query` etc. Also the refine resource
   * name and the i18n prefix `res.<name>`.
   */
  readonly name: string;
  /** Database table name (snake_case, plural). */
  readonly table: string;
  /** The object's name in both languages (`门店` / `Store`). */
  readonly title: Bilingual;
  readonly route: ResourceRoute;
  readonly access: ResourceAccess;
  /**
   * `tenant`: rows belong to the tenant. `marketingCenter`: rows also carry
   * marketing_center_id and reads and writes are scoped to the centre in the request header.
   */
  readonly scope: 'tenant' | 'marketingCenter';
  /** The fields, by name (camelCase). `id`, `version`, timestamps and owners are implicit. */
  readonly fields: Readonly<Record<string, FieldDef>>;
  /** The field that names a record (relation pickers, detail header, delete confirmation). */
  readonly titleField: string;
  /** How relation pickers (`GET /v1/<name>/options`) list the records; see {@link ResourcePicker}. */
  readonly picker?: ResourcePicker;
  /**
   * Fields joined with ' · ' that name a record where other records refer to it (their `_titles`,
   * cells and details), when the title alone does not tell records apart: a member is
   * `张三 · M000000003`, names repeat. Default: the title field. A relation's `shownAs` overrides it.
   */
  readonly referredAs?: readonly string[];
  /**
   * The records are few and their names rarely change (stores, levels, centres): every server
   * process keeps the tenant's names of them, and the lists and reads of records pointing at
   * them take the names from there instead of a subquery per row. The table needs the
   * `title_versions` triggers (server/crud/kept-titles.ts says how; a test checks each).
   */
  readonly titlesKept?: true;
  /** The list screen. */
  readonly list: {
    /** Columns in order; default: fields whose `inList` is not false. */
    readonly columns?: readonly string[];
    readonly defaultSort: { readonly field: string; readonly order: 'asc' | 'desc' };
    /** Page size; default 20. */
    readonly pageSize?: number;
    /**
     * Numeric fields summed over the whole filtered set, shown as the list's totals row (合计);
     * the query answer carries them in `totals`.
     */
    readonly totals?: readonly string[];
    /**
     * Shown states (values of `states.field`) counted above the list as chips, in this order:
     * each chip shows how many records the current filters and keyword hold in that state (the
     * state filter itself aside), and clicking it filters the list on it. The counts come from
     * `POST /v1/<name>/counts`. Example: the coupon inquiry (`coupons/coupon.resource.ts`).
     */
    readonly stateCounts?: readonly string[];
    /**
     * The columns a person must read on any screen without scrolling the table sideways: the
     * record's identity, its state and its amount. A wide table pins them (the identity on the
     * left, state and amount on the right beside the actions) while the others scroll between.
     * Default ({@link keyColumns}): the first column, the state field and the first money column.
     */
    readonly keyColumns?: readonly string[];
  };
  /** Form sections; default: one section with every form field. */
  readonly form?: readonly Section[];
  /**
   * Detail sections; default: the form sections plus the system fields. Either the sections
   * themselves, or {@link ResourceDetail} when the detail also shows related lists.
   */
  readonly detail?: readonly Section[] | ResourceDetail;
  /** The life cycle, for resources with a state. */
  readonly states?: ResourceStates;
  /**
   * Records can be deleted (default true; states.deletableIn narrows it). A record other records
   * point to (relations, lines, tree children, platform tables) is never deleted whatever this says.
   */
  readonly deletable?: boolean;
  /** Files: the list exports to Excel; `importable` allows an Excel import. */
  readonly files?: { readonly module: FileModule; readonly importable?: boolean };
  /** The resource is a tree through this `tree` field (shown as a tree table). */
  readonly treeField?: string;
  /**
   * Document numbers: which field holds the record's business number and how it is drawn
   * (see {@link ResourceNumbering}), e.g. `{ field: 'number', prefix: 'BO', digits: 8 }`.
   */
  readonly numbering?: ResourceNumbering;
  /**
   * A settings object (DESIGN.md §7): one record per tenant (`tenant`) or per marketing centre
   * (`marketingCenter`, which needs `scope: 'marketingCenter'`). Its routes are
   * `GET /v1/<name>/get` (the saved record, or the declared defaults with `id: null` and
   * `version: 0` while none is saved) and `POST /v1/<name>/save` (the fields and the `version`
   * read; a stale version answers 409). No list, no delete, no states; the browser shows
   * `route.screens.settings`.
   */
  readonly singleton?: 'tenant' | 'marketingCenter';
  /**
   * Records are written by server modules only (orders from a till, logs): no saveNew, modify or
   * delete routes and no Add / Edit / Delete in the browser; `access.write` then only guards the
   * state actions, if any.
   */
  readonly readOnly?: boolean;
  /**
   * Views of one table (DESIGN.md §7): the API name of the resource whose table this view
   * reads and writes. A view has the base's table and fields, and its own name, title, route,
   * access, scope, list, sections and fixed filter; it gets no table of its own. Declare views
   * with {@link defineView}, never by hand.
   */
  readonly viewOf?: string;
  /**
   * Field -> value: every statement of the resource (list, detail, picker, writes, references)
   * is limited to rows holding these values, and every create and modify stamps them, so a
   * record can never be written out of the view. The fields are not client-writable here.
   */
  readonly fixedFilter?: Readonly<Record<string, string | number | boolean>>;
  /**
   * For a view scoped by marketing centre: the base's relation field that holds the centre
   * (default `marketingCenter`). Reads and writes are limited to the centre in the request
   * header and creates stamp it, as `marketing_center_id` does for a centre-scoped table.
   */
  readonly centreField?: string;
  /**
   * Records can be copied: a Copy action (for users who may create) opens the add form filled
   * from the record — its client-writable fields, the title marked as a copy, never its number,
   * state or server-managed fields — and saving creates a new record in the initial state
   * (`?copy=<id>` on the add screen). A view inherits it from its base.
   */
  readonly copyable?: boolean;
  /**
   * For a view: the values of an enum field it offers (an activity entry's list offers its own
   * kinds only). Its forms and filters show only these; a save with another value is refused
   * with 400 naming the field (`validation.enum`). Declare with {@link defineView}.
   */
  readonly offers?: Readonly<Record<string, readonly string[]>>;
  /**
   * The value the document creates (stored value, card value, points, gifts included): the
   * approval rule every value-creating document follows, see {@link ValueCreation}.
   */
  readonly creates?: ValueCreation;
}

/**
 * A resource's relation picker (`GET /v1/<name>/options`): by default the records' titles in
 * title order, the keyword matching the title. A declaration may order them by another field
 * (levels by rank), add a description line that tells records of one title apart (a member's
 * masked mobile and number) and let the keyword also match further text fields by prefix.
 */
export interface ResourcePicker {
  /** The order of the options (default: the title, ascending). */
  readonly sort?: { readonly field: string; readonly order: 'asc' | 'desc' };
  /**
   * Fields joined with ' · ' into each option's `description`; `mask: 'mobile'` shows a mobile
   * number as 138****5678.
   */
  readonly describe?: readonly { readonly field: string; readonly mask?: 'mobile' }[];
  /** Text fields the keyword also matches, as a prefix (their `prefix` filter index serves it). */
  readonly search?: readonly string[];
  /**
   * The record's card: fields answered with each option (`card: { state, balance, validTo }`,
   * as the record's API values; a state that follows time as shown now) and shown, with their
   * labels and kinds (a state localised, money, dates), under a form input that refers to the
   * record, before the save (a top-up line's card: state, balance, validity). Scalar fields
   * only; `fills` of a referring field copy from them.
   */
  readonly card?: readonly string[];
}

/** Identity helper that type-checks a declaration and keeps its literal types. */
export function defineResource<const R extends ResourceDef>(resource: R): R {
  return resource;
}

/** What a view declares itself; everything else (table, fields, states …) is its base's. */
export type ViewDef = Pick<ResourceDef, 'name' | 'title' | 'route' | 'access' | 'scope'> &
  Partial<Pick<ResourceDef, 'list' | 'form' | 'detail' | 'fixedFilter' | 'centreField' | 'files' | 'titleField' | 'offers'>>;

/**
 * Where a view keeps its base: an enumerable symbol, so a copy of the declaration made with a
 * spread (a screen narrowing its sections) still knows its base, and JSON never shows it.
 */
const VIEW_BASE: unique symbol = Symbol('viewBase');
type WithViewBase = ResourceDef & { readonly [VIEW_BASE]?: ResourceDef };

/**
 * Declares a view of a base resource's table (DESIGN.md §7 "Views of one table"): the base's
 * table, fields, states and deletability, with the view's own name, route, access, scope,
 * fixed filter, list columns and sections.
 */
export function defineView(base: ResourceDef, view: ViewDef): ResourceDef {
  if (base.viewOf !== undefined) throw new Error(`${view.name}: a view cannot be a view of the view ${base.name}`);
  const declared: WithViewBase = {
    ...base,
    ...view,
    list: view.list ?? base.list,
    form: view.form ?? base.form,
    detail: view.detail ?? base.detail,
    files: view.files ?? base.files,
    table: base.table,
    fields: base.fields,
    viewOf: base.name,
    [VIEW_BASE]: base,
  };
  return declared;
}

/**
 * One kind of a base with kinds (an activity kind, a coupon line type): its option of the kind
 * field, its own screens, and the rule fields only it has. See {@link defineKinds}.
 */
export interface KindDef {
  /** The kind's name in both languages: its option label, its view's title, its rules' section title. */
  readonly title: Bilingual;
  /** API name of the kind's view; default `<base name>-<value in kebab-case>` (`activity-score-doubling`). */
  readonly name?: string;
  /**
   * The kind's catalogue screens (list, add, edit, dtl), in `entry` of the base's menu group.
   * Without screens the kind gets no view: it is chosen with the kind field in the base's own
   * form (one list / add / dtl for every kind, as the coupon templates' catalogue entry has), and
   * its section appears there when chosen.
   */
  readonly screens?: ResourceRoute['screens'];
  /** The catalogue entry of the screens; default the base's. */
  readonly entry?: string;
  /** Default the base's access. */
  readonly access?: ResourceAccess;
  /**
   * The kind's rule fields, added to the base's table: each applies only to this kind (its `when`
   * gets `{ field: <kind field>, in: [<kind>] }`, after any of its own), so `required` means
   * "required for this kind", and another kind's records hold null there. Names are unique across
   * the base and all kinds.
   */
  readonly fields?: Readonly<Record<string, FieldDef>>;
  /**
   * The kind's rule: members of the base's one `rule` object field (one jsonb column for every
   * kind, {@link RULE_FIELD}), each applying only to this kind. A new kind with only rule members
   * adds no column. What a list filters or sorts on stays in `fields` (a column with its index).
   * Member names are unique across the kinds, except that one declaration (the same object, a
   * part several kinds use) may be named by several kinds: it applies to each of them.
   */
  readonly rule?: Readonly<Record<string, ObjectMemberField>>;
  /**
   * List columns of the kind's list; default the base's columns (without the kind field), its
   * fields and its rule members shown in lists (`rule.<member>`, read along the path).
   */
  readonly columns?: readonly string[];
  /**
   * Further values every record of the kind shares (an activity kind's menu entry), added to its
   * view's `fixedFilter`: stamped on its writes, and not offered as a filter on its list, where
   * any other value would always find nothing.
   */
  readonly fixed?: Readonly<Record<string, string | number | boolean>>;
}

/** The base's object field holding every kind's rule members ({@link KindDef.rule}): one jsonb column. */
export const RULE_FIELD = 'rule';
const RULE_TITLE: Bilingual = ['规则', 'Rule'];

/** What {@link defineKinds} returns: the base with every kind's fields, and one view per kind. */
export interface KindsDeclaration {
  /** The base: the table, the list across all kinds, create / edit of any kind. */
  readonly base: ResourceDef;
  /** The view of each kind that declares screens, by its value: its list, add and detail screens. */
  readonly kinds: Readonly<Record<string, ResourceDef>>;
  /** The base and every kind's view, for `RESOURCES`. */
  readonly resources: readonly ResourceDef[];
}

const kebab = (value: string) =>
  value
    .replace(/([a-z0-9])([A-Z])/g, '$1-$2')
    .replace(/[_\s]+/g, '-')
    .toLowerCase();

/**
 * One table, many kinds (activity kinds, coupon line types): a base declaration whose enum
 * `kindField` takes one option per kind, and per kind a view of the base's table
 * (`defineView` with `fixedFilter: { [kindField]: kind }`) with its own name, title, screens and
 * list, whose extra fields are the base's conditional fields of that kind. So the base serves the
 * list across all kinds, each kind's view serves its own list / add / detail (creating only its
 * kind, validating its required rule fields only for it), and the browser derives every screen,
 * route and refine resource from them (src/screens/resource-screens.ts) like any declaration.
 * Adding a kind is one entry of `kinds` (and its screens in the catalogue entry).
 *
 * ```ts
 * export const activities = defineKinds({
 *   base: defineResource({ name: 'activity', …, fields: { name, kind: field.enum({ label, options: {}, required: true, filter: 'in' }), … } }),
 *   kindField: 'kind',
 *   kinds: {
 *     DOUBLING: { title: ['积分翻倍', 'Points doubling'], screens: { add: 'score-doubling-add', dtl: 'score-doubling-dtl' },
 *                 fields: { multiple: field.decimal({ label: ['倍数', 'Multiple'], required: true, min: 1 }) } },
 *   },
 * });
 * ```
 *
 * The base's form gets one section per kind (its rule fields, titled with the kind's title, with
 * the kind's `when`); a kind's view shows the base's other sections and its own.
 */
export function defineKinds(args: {
  readonly base: ResourceDef;
  /** An `enum` field of the base; its options are the kinds' (declared options are kept first). */
  readonly kindField: string;
  readonly kinds: Readonly<Record<string, KindDef>>;
  /**
   * The base's form section the kinds' sections follow (a coupon template's value right after
   * its name and type, where a clerk looks for it); default: after all of the base's sections.
   */
  readonly kindSectionsAfter?: string;
  /**
   * Settings of the kinds' rule field ({@link RULE_FIELD}): the states in which it may change (a
   * coupon template's value part is frozen once coupons are issued on it; default whenever the
   * record is editable), and its value when a create sends none (`{}`: every kind's required
   * members are then required, named by path, `rule.cashValue`; default null).
   */
  readonly ruleField?: Pick<ObjectField, 'editableIn' | 'defaultValue'>;
}): KindsDeclaration {
  const { base, kindField } = args;
  const kindFieldDef = base.fields[kindField];
  if (kindFieldDef?.kind !== 'enum' || kindFieldDef.multiple) throw new Error(`${base.name}: kindField ${kindField} is not a single enum`);
  const fields: Record<string, FieldDef> = { ...base.fields };
  const options: Record<string, EnumOption> = { ...kindFieldDef.options };
  const kindSections: Section[] = [];
  const ruleMembers: Record<string, ObjectMemberField> = {};
  const ruleKinds: string[] = [];
  const sharedMembers = new Map<string, { declared: ObjectMemberField; kinds: string[] }>();
  for (const [value, kind] of Object.entries(args.kinds)) {
    options[value] ??= { label: kind.title };
    const when: FieldCondition = { field: kindField, in: [value] };
    for (const [name, f] of Object.entries(kind.fields ?? {})) {
      if (Object.hasOwn(fields, name)) throw new Error(`${base.name}: kind ${value} redeclares the field ${name}`);
      const own = f.when === undefined ? [] : Array.isArray(f.when) ? f.when : [f.when as FieldCondition];
      fields[name] = { ...f, when: [when, ...own] } as FieldDef;
    }
    for (const [name, f] of Object.entries(kind.rule ?? {})) {
      // One declaration several kinds share (a part's reward) applies to each of them.
      const shared = sharedMembers.get(name);
      if (shared?.declared === f) {
        shared.kinds.push(value);
        ruleMembers[name] = { ...f, when: { field: kindField, in: [...shared.kinds] } } as ObjectMemberField;
        continue;
      }
      if (Object.hasOwn(ruleMembers, name)) throw new Error(`${base.name}: kind ${value} redeclares the rule member ${name}`);
      sharedMembers.set(name, { declared: f, kinds: [value] });
      ruleMembers[name] = { ...f, when: when } as ObjectMemberField;
    }
    if (Object.keys(kind.rule ?? {}).length > 0) ruleKinds.push(value);
    const ruleFields = Object.keys(kind.fields ?? {}).filter((name) => isInForm(fields[name]));
    if (ruleFields.length > 0) kindSections.push({ key: `kind-${kebab(value)}`, title: kind.title, fields: ruleFields, when });
  }
  if (ruleKinds.length > 0) {
    if (Object.hasOwn(fields, RULE_FIELD)) throw new Error(`${base.name}: the kinds' rule field ${RULE_FIELD} is declared by the base`);
    // Each kind's own members first, then those several kinds share (a part's), as forms show them.
    const shared = (name: string) => (sharedMembers.get(name)?.kinds.length ?? 0) > 1;
    const members = Object.entries(ruleMembers);
    fields[RULE_FIELD] = {
      kind: 'object',
      label: ['规则', 'Rule'],
      fields: Object.fromEntries([...members.filter(([name]) => !shared(name)), ...members.filter(([name]) => shared(name))]),
      when: { field: kindField, in: ruleKinds },
      ...args.ruleField,
    };
  }
  fields[kindField] = { ...kindFieldDef, options };
  const ownForm = formSections(base);
  const baseColumns = listColumns(base);
  const merged: ResourceDef = {
    ...base,
    fields,
    // The rule sits in a section of its own: each kind's members carry their kind's condition.
    form: placeAfter({
      sections: ownForm,
      after: args.kindSectionsAfter,
      placed: [...kindSections, ...(ruleKinds.length > 0 ? [{ key: 'rule', title: RULE_TITLE, fields: [RULE_FIELD] }] : [])],
    }),
    list: { ...base.list, columns: baseColumns },
  };
  const kinds: Record<string, ResourceDef> = {};
  for (const [value, kind] of Object.entries(args.kinds)) {
    if (kind.screens === undefined) continue;
    const own = kindSections.find((s) => s.key === `kind-${kebab(value)}`);
    const withRule = ruleKinds.includes(value);
    const section: Section | undefined =
      own || withRule
        ? { key: `kind-${kebab(value)}`, title: kind.title, fields: [...(own?.fields ?? []), ...(withRule ? [RULE_FIELD] : [])] }
        : undefined;
    const ruleColumns = [
      ...Object.keys(kind.fields ?? {}).filter((name) => isInList(fields[name])),
      // A rule member shown in the list is a column read along its path (`rule.speedMultiple`).
      ...Object.entries(kind.rule ?? {})
        .filter(([, f]) => isInList(f as FieldDef))
        .map(([name]) => `${RULE_FIELD}.${name}`),
    ];
    kinds[value] = defineView(merged, {
      name: kind.name ?? `${base.name}-${kebab(value)}`,
      title: kind.title,
      route: { group: base.route.group, entry: kind.entry ?? base.route.entry, screens: kind.screens },
      access: kind.access ?? base.access,
      scope: base.scope,
      fixedFilter: { ...kind.fixed, [kindField]: value },
      list: { ...base.list, columns: kind.columns ?? [...baseColumns.filter((c) => c !== kindField), ...ruleColumns] },
      // A view's sections carry no rules (its base's apply: the fields' own `when`).
      form: section
        ? placeAfter({
            sections: ownForm,
            after: args.kindSectionsAfter,
            placed: [{ key: section.key, title: section.title, fields: section.fields }],
          })
        : ownForm,
    });
  }
  return { base: merged, kinds, resources: [merged, ...Object.values(kinds)] };
}

/** `sections` with `placed` after the section keyed `after` (at the end when none is named). */
function placeAfter(args: {
  readonly sections: readonly Section[];
  readonly after: string | undefined;
  readonly placed: readonly Section[];
}): Section[] {
  const { sections, after, placed } = args;
  if (after === undefined) return [...sections, ...placed];
  const at = sections.findIndex((section) => section.key === after);
  if (at < 0) throw new Error(`kindSectionsAfter: no form section ${after}`);
  return [...sections.slice(0, at + 1), ...placed, ...sections.slice(at + 1)];
}

/** The resource whose table a declaration reads: its base for a view, itself otherwise. */
export function tableOwner(resource: ResourceDef): ResourceDef {
  if (resource.viewOf === undefined) return resource;
  const base = (resource as WithViewBase)[VIEW_BASE];
  if (!base || base.name !== resource.viewOf) throw new Error(`${resource.name}: declare views with defineView()`);
  return base;
}

/**
 * The property key of the column holding a record's marketing centre: `marketingCenterId` on a
 * centre-scoped table, the declared centre field on a centre-scoped view; null otherwise.
 */
export function centreKey(resource: ResourceDef): string | null {
  if (resource.scope !== 'marketingCenter') return null;
  return resource.viewOf === undefined ? 'marketingCenterId' : (resource.centreField ?? 'marketingCenter');
}

/**
 * Fields the server stamps on every write of the resource and a client never sets: the fixed
 * filter's fields, and the centre field of a centre-scoped view.
 */
export function stampedFields(resource: ResourceDef): string[] {
  const fixed = Object.keys(resource.fixedFilter ?? {});
  const centre = resource.viewOf !== undefined ? centreKey(resource) : null;
  return centre === null ? fixed : [...fixed, centre];
}

/** The stored variants shown like `value` (options declaring `aliasOf: value`). */
export function enumAliases(f: EnumField, value: string): string[] {
  return Object.entries(f.options)
    .filter(([, option]) => option.aliasOf === value)
    .map(([key]) => key);
}

// ---------------------------------------------------------------------------------------------
// Derived facts every consumer needs in the same way
// ---------------------------------------------------------------------------------------------

/** Names of the implicit columns every resource record carries. */
export const SYSTEM_FIELDS = ['id', 'version', 'createdAt', 'updatedAt', 'createdBy', 'updatedBy', 'valueMakers', 'approval'] as const;

const HIDDEN_IN_LIST_BY_DEFAULT: readonly FieldKind[] = ['longText', 'lines', 'file', 'object', 'secret'];

export function isInList(f: FieldDef): boolean {
  return f.inList ?? !HIDDEN_IN_LIST_BY_DEFAULT.includes(f.kind);
}
export function isInForm(f: FieldDef): boolean {
  return (f.inForm ?? true) && !f.serverManaged;
}
export function isInDetail(f: FieldDef): boolean {
  return f.inDetail ?? true;
}

/** The list columns of a resource, in order. */
export function listColumns(r: ResourceDef): string[] {
  return r.list.columns ? [...r.list.columns] : Object.keys(r.fields).filter((k) => isInList(r.fields[k]));
}

/**
 * The key columns of a list among `columns` (default its list columns): those `list.keyColumns`
 * declares, else the first column (what names the record), the state field and the first money
 * column (the amount).
 */
export function keyColumns(r: ResourceDef, columns: readonly string[] = listColumns(r)): string[] {
  if (r.list.keyColumns) return r.list.keyColumns.filter((name) => columns.includes(name));
  const amount = columns.find((name) => r.fields[name]?.kind === 'money');
  const state = r.states?.field;
  return [columns[0], state, amount].filter((name, i, all): name is string => !!name && columns.includes(name) && all.indexOf(name) === i);
}

/** The form sections of a resource (without stamped fields), defaulting to one section with every form field. */
export function formSections(r: ResourceDef): Section[] {
  // A stamped field (a view's fixed filter, its centre) is the server's to write, never a form's.
  const stamped = stampedFields(r);
  if (r.form) return r.form.map((s) => ({ ...s, fields: s.fields.filter((k) => !stamped.includes(k)) }));
  const fields = Object.keys(r.fields).filter((k) => isInForm(r.fields[k]) && !stamped.includes(k));
  return [{ key: 'main', title: ['基本信息', 'Basic information'], fields }];
}

/** The sections a resource's `detail` declares, if it declares any. */
export function declaredDetailSections(r: Pick<ResourceDef, 'detail'>): readonly Section[] | undefined {
  if (r.detail === undefined) return undefined;
  return isSectionList(r.detail) ? r.detail : r.detail.sections;
}

function isSectionList(detail: readonly Section[] | ResourceDetail): detail is readonly Section[] {
  return Array.isArray(detail);
}

/** The related lists of a resource's detail (`detail.related`), in order. */
export function relatedLists(r: Pick<ResourceDef, 'detail'>): readonly RelatedList[] {
  return r.detail === undefined || isSectionList(r.detail) ? [] : (r.detail.related ?? []);
}

/** The detail sections of a resource, defaulting to the form sections. */
export function detailSections(r: ResourceDef): Section[] {
  const declared = declaredDetailSections(r);
  if (declared) return [...declared];
  const inDetail = Object.keys(r.fields).filter((k) => isInDetail(r.fields[k]));
  const sections = formSections(r).map((s) => ({ ...s, fields: s.fields.filter((f) => inDetail.includes(f)) }));
  const shown = new Set(sections.flatMap((s) => s.fields));
  const rest = inDetail.filter((k) => !shown.has(k));
  if (rest.length > 0) sections.push({ key: 'more', title: ['其他信息', 'More'], fields: rest });
  return sections;
}

/** The i18n key of a field's label. */
export const labelKey = (resource: string, fieldName: string) => `res.${resource}.${fieldName}`;
/** The i18n key of an enum option's label. */
export const optionKey = (resource: string, fieldName: string, value: string) => `res.${resource}.${fieldName}.${value}`;
