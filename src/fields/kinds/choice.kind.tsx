/**
 * Choice kinds: `boolean` (a switch, a yes/no tag), `enum` (a select with the declared display
 * mapping, coloured tags) and `weekdays` (checkboxes Monday..Sunday = 1..7, §9).
 */
import { Checkbox, Select, Space, type SelectProps } from 'antd';
import { LightTag } from '../../components/light-tag';
import { Switch } from '../controls/deferred-controls';
import type { BooleanField, EnumField, WeekdaysField } from '../../../resources/define';
import { WEEKDAYS } from '../../../providers/dates';
import type { FieldContext, FieldKindSpec } from '../field-kind';
import { AriaSafeSelect } from '../controls/aria-safe-select';
import { DASH, isBlank, labelOf, requiredRules } from '../field-helpers';
import { usePermitted } from '../../components/use-permitted';

function asList(value: unknown): unknown[] {
  if (isBlank(value)) return [];
  return Array.isArray(value) ? value : [value];
}

// ---- boolean ---------------------------------------------------------------------------------

function yesNo(ctx: FieldContext, value: unknown) {
  if (value === null || value === undefined) return DASH;
  return value === true ? <LightTag color="green">{ctx.t('screens.yes')}</LightTag> : <LightTag>{ctx.t('screens.no')}</LightTag>;
}

export const booleanKind: FieldKindSpec<BooleanField> = {
  valuePropName: 'checked',
  input: (ctx, options) => <Switch disabled={options.disabled} aria-label={labelOf(ctx)} />,
  cell: (ctx, value) => yesNo(ctx, value),
  filter: (ctx) => (
    <Select
      allowClear
      placeholder={labelOf(ctx)}
      aria-label={labelOf(ctx)}
      style={{ minWidth: 120 }}
      options={[
        { value: true, label: ctx.t('screens.yes') },
        { value: false, label: ctx.t('screens.no') },
      ]}
    />
  ),
  // A switch never left untouched by the user is off, not unknown.
  rules: () => [],
  fromForm: (_ctx, value) => value === true,
};

// ---- enum ------------------------------------------------------------------------------------

/**
 * The select options of an enum field, labels from `res.<resource>.<field>.<value>`. Stored
 * variants (`aliasOf`) display but are never offered: choosing `using` also finds `Using`. Nor is
 * the stored state a timeline never shows (`states.timeline.during`: AUDITED shows as UNSTART,
 * PROCESSING or STOPED).
 */
export function enumOptions(ctx: FieldContext<EnumField>): { value: string; label: string }[] {
  const states = ctx.resource.states;
  const hidden = states?.timeline && states.field === ctx.name ? states.timeline.during : undefined;
  // A view may offer only some values (an activity entry's list: its own kinds).
  const offered = ctx.resource.offers?.[ctx.name];
  return Object.entries(ctx.field.options)
    .filter(([value, option]) => option.aliasOf === undefined && value !== hidden && (offered === undefined || offered.includes(value)))
    .map(([value]) => ({ value, label: enumLabel(ctx, value) }));
}

/** The words of one enum value (`res.<resource>.<field>.<value>`), as its tag and options show them. */
export function enumLabel(ctx: FieldContext<EnumField>, value: string): string {
  return ctx.t(`${ctx.key}.${value}`);
}

/** The coloured tag of one enum value; an undeclared value shows as it is. */
export function enumTag(ctx: FieldContext<EnumField>, value: unknown) {
  const code = String(value);
  const option = ctx.field.options[code];
  if (!option) return <LightTag key={code}>{code}</LightTag>;
  return (
    <LightTag key={code} color={option.color}>
      {enumLabel(ctx, code)}
    </LightTag>
  );
}

function enumSelect(ctx: FieldContext<EnumField>, args: { multiple: boolean; disabled?: boolean; filter?: boolean }) {
  return (
    <Select
      allowClear
      mode={args.multiple ? 'multiple' : undefined}
      disabled={args.disabled}
      options={enumOptions(ctx)}
      placeholder={args.filter ? labelOf(ctx) : ctx.t('screens.select')}
      aria-label={args.filter ? labelOf(ctx) : undefined}
      style={args.filter ? { minWidth: 140 } : undefined}
      optionFilterProp="label"
    />
  );
}

/**
 * The form's select: values whose option `requires` a permission the user lacks are not offered
 * (saving them would be refused), except the value the record already holds, which must show.
 */
function PermittedEnumSelect(props: SelectProps & { readonly ctx: FieldContext<EnumField>; readonly multiple: boolean }) {
  const { ctx, multiple, ...rest } = props;
  const gated = Object.entries(ctx.field.options)
    .filter(([, option]) => option.aliasOf === undefined)
    .map(([key, option]) => ({ key, requires: option.requires }));
  const permitted = new Set(usePermitted(gated).map((item) => item.key));
  const held = new Set(asList(rest.value).map(String));
  return (
    <Select
      allowClear
      {...rest}
      mode={multiple ? 'multiple' : undefined}
      options={enumOptions(ctx).filter((option) => permitted.has(option.value) || held.has(option.value))}
      placeholder={ctx.t('screens.select')}
      optionFilterProp="label"
    />
  );
}

export const enumKind: FieldKindSpec<EnumField> = {
  input: (ctx, options) => {
    const gated = Object.values(ctx.field.options).some((option) => option.requires !== undefined);
    if (gated)
      return (
        <AriaSafeSelect>
          <PermittedEnumSelect ctx={ctx} multiple={ctx.field.multiple === true} disabled={options.disabled} />
        </AriaSafeSelect>
      );
    return <AriaSafeSelect>{enumSelect(ctx, { multiple: ctx.field.multiple === true, disabled: options.disabled })}</AriaSafeSelect>;
  },
  cell: (ctx, value) => {
    const values = asList(value);
    if (values.length === 0) return DASH;
    // One value (most cells: a state, a channel) needs no box around its tag: a list draws this
    // cell on every row.
    if (values.length === 1) return enumTag(ctx, values[0]);
    return (
      <Space size={[0, 4]} wrap>
        {values.map((v) => enumTag(ctx, v))}
      </Space>
    );
  },
  filter: (ctx, mode) => enumSelect(ctx, { multiple: mode === 'in', filter: true }),
  rules: (ctx) => requiredRules(ctx, ctx.field.multiple ? 'array' : undefined),
};

// ---- weekdays --------------------------------------------------------------------------------

function weekdayOptions(ctx: FieldContext) {
  return WEEKDAYS.map((day) => ({ value: day.value, label: ctx.t(`screens.weekday.${day.value}`) }));
}

export const weekdaysKind: FieldKindSpec<WeekdaysField> = {
  input: (ctx, options) => <Checkbox.Group options={weekdayOptions(ctx)} disabled={options.disabled} />,
  cell: (ctx, value) => {
    const days = asList(value)
      .map(Number)
      .filter((n) => n >= 1 && n <= 7)
      .sort((a, b) => a - b);
    return days.length === 0 ? DASH : days.map((n) => ctx.t(`screens.weekday.${n}`)).join(', ');
  },
  filter: (ctx) => (
    <Select
      allowClear
      mode="multiple"
      options={weekdayOptions(ctx)}
      placeholder={labelOf(ctx)}
      aria-label={labelOf(ctx)}
      style={{ minWidth: 160 }}
    />
  ),
  rules: (ctx) => requiredRules(ctx, 'array'),
  fromForm: (_ctx, value) => (Array.isArray(value) ? [...value].map(Number).sort((a, b) => a - b) : []),
};
