/**
 * The contract of one field kind in the browser: how a declared field is edited, shown in a list
 * cell, shown on a detail page, offered as a filter and validated. `FIELD_KINDS` (field-kinds.ts)
 * holds one entry per `FieldKind`; the generic screens never switch on a kind themselves.
 */
import type { ReactNode } from 'react';
import type { Rule } from 'antd/es/form';
import type { CrudFilter } from '@refinedev/core';
import type { FieldDef, FieldKind, FilterMode, ResourceDef } from '../../resources/define';

/** Translates a flat i18n key, filling braced slots from `values`. */
export type Translate = (key: string, values?: Record<string, unknown>) => string;

/** A record as the API returns it. */
export type ApiRecord = Readonly<Record<string, unknown>>;

/** Everything a kind needs to know about the field it renders. */
export interface FieldContext<F extends FieldDef = FieldDef> {
  /** The owning resource; tree pickers read its records, keys start with its name. */
  readonly resource: ResourceDef;
  /** Name of the field in the record (`areaId`); for a line field, its name inside the line. */
  readonly name: string;
  /** The declaration. */
  readonly field: F;
  /**
   * The i18n key of the field's label: `res.<resource>.<field>`, or `res.<resource>.<lines>.<field>`
   * inside lines (`res.<resource>.<object>.<field>` inside an object). Option labels are `<key>.<value>`, the pattern message `<key>.pattern`.
   */
  readonly key: string;
  /** The translate function of the current language. */
  readonly t: Translate;
  /**
   * The antd form name path of the value, relative to the enclosing Form.List (default
   * `[name]`): a member of an object field is `[object, member]`, a cell of a line
   * `[row, field]`, so nested inputs carry their own rules and server errors.
   */
  readonly path?: readonly (string | number)[];
  /**
   * The absolute form path of the record holding the field: `[lines, row]` for a field of a
   * document line, empty (or absent) for the header's. A reference fills its siblings there
   * (`fills`: a write-off line's discount from the coupon looked up).
   */
  readonly siblings?: readonly (string | number)[];
}

/** Props the form passes to a kind's input besides the value pair antd's Form.Item injects. */
export interface InputOptions {
  /** The input is read-only here (readOnlyAfterCreate on edit). */
  readonly disabled?: boolean;
  /** The record being edited, for labels of values already chosen (relation titles). */
  readonly record?: ApiRecord;
  /** The record's id, so a tree picker can keep a node from becoming its own parent. */
  readonly recordId?: string | number;
}

/** The behaviour of one field kind. */
export interface FieldKindSpec<F extends FieldDef = FieldDef> {
  /** The form control, placed inside an antd Form.Item that supplies value and onChange. */
  readonly input: (ctx: FieldContext<F>, options: InputOptions) => ReactNode;
  /** Form.Item's `valuePropName` when the control is not value-based (Switch: `checked`). */
  readonly valuePropName?: string;
  /**
   * The input renders its own Form.Item / Form.List under `ctx.name` (lines: one item per cell),
   * so the form places it as it is instead of wrapping it.
   */
  readonly ownsFormItem?: boolean;
  /** Alignment of the list column (numbers right-aligned). */
  readonly align?: 'left' | 'right' | 'center';
  /** A list cell. `record` is the whole row (relation titles travel beside the id). */
  readonly cell: (ctx: FieldContext<F>, value: unknown, record: ApiRecord) => ReactNode;
  /** The value on the detail page; defaults to the cell. */
  readonly display?: (ctx: FieldContext<F>, value: unknown, record: ApiRecord) => ReactNode;
  /** The control of the filter bar for a mode; undefined when the kind cannot filter that way. */
  readonly filter?: (ctx: FieldContext<F>, mode: FilterMode) => ReactNode;
  /** refine filters for the filter control's value; default: one filter with the mode's operator. */
  readonly toFilters?: (ctx: FieldContext<F>, mode: FilterMode, value: unknown) => CrudFilter[];
  /** Validation rules of the form control. */
  readonly rules: (ctx: FieldContext<F>) => Rule[];
  /** API value -> form value (date strings -> dayjs). Default: unchanged. */
  readonly toForm?: (ctx: FieldContext<F>, value: unknown) => unknown;
  /** Form value -> API value (dayjs -> `yyyy-MM-dd`, numeric text -> number). Default: unchanged. */
  readonly fromForm?: (ctx: FieldContext<F>, value: unknown) => unknown;
}

/** The registry type: one spec per kind, typed by the kind's declaration. */
export type FieldKindRegistry = {
  readonly [K in FieldKind]: FieldKindSpec<Extract<FieldDef, { kind: K }>>;
};
