/**
 * Date kinds on antd pickers with the formats of §9: `date` (yyyy-MM-dd), `datetime`
 * (yyyy-MM-dd HH:mm:ss), `dateRange` (`[from, to]` dates) and `time` (HH:mm). Values travel as
 * strings; the form holds dayjs objects; an invalid date becomes null (§9).
 */
import { DatePicker, RangePicker, TimePicker } from '../controls/deferred-controls';
import type { CrudFilter } from '@refinedev/core';
import type { Dayjs } from 'dayjs';
import type { DateField, DateRangeField, DateTimeField, TimeField } from '../../../resources/define';
import { DATE_FORMAT, DATE_TIME_FORMAT, TIME_FORMAT, parseDate, serializeDate, toDayjs, type DateInput } from '../../../providers/dates';
import type { FieldContext, FieldKindSpec } from '../field-kind';
import { DASH, defaultFilters, isBlank, labelOf, requiredRules } from '../field-helpers';

function shown(value: unknown, format: string): string {
  return serializeDate(value as DateInput, format) ?? DASH;
}

function rangeOf(value: unknown): [Dayjs | null, Dayjs | null] | null {
  if (!Array.isArray(value) || value.length !== 2) return null;
  return [toDayjs(value[0] as DateInput), toDayjs(value[1] as DateInput)];
}

/**
 * A date range filter from a RangePicker value, sent as bare `yyyy-MM-dd` days: the server reads
 * them as whole days in the request's time zone (the end day included), for dates, date-times
 * and overlapping date ranges alike.
 */
function dayRangeFilters(ctx: FieldContext, value: unknown): CrudFilter[] {
  const range = rangeOf(value);
  if (!range || (range[0] === null && range[1] === null)) return [];
  const [from, to] = range.map((day) => serializeDate(day, DATE_FORMAT));
  return [{ field: ctx.name, operator: 'between', value: [from, to] }];
}

function pickerFilter(ctx: FieldContext, mode: string, showTime: boolean) {
  const label = labelOf(ctx);
  if (mode === 'range') return <RangePicker allowEmpty={[true, true]} aria-label={label} format={DATE_FORMAT} />;
  return (
    <DatePicker allowClear placeholder={label} aria-label={label} format={showTime ? DATE_TIME_FORMAT : DATE_FORMAT} showTime={showTime} />
  );
}

function pointKind<F extends DateField | DateTimeField>(format: string): FieldKindSpec<F> {
  const showTime = format === DATE_TIME_FORMAT;
  return {
    input: (_ctx, options) => <DatePicker format={format} showTime={showTime} disabled={options.disabled} style={{ width: '100%' }} />,
    cell: (_ctx, value) => shown(value, format),
    filter: (ctx, mode) => pickerFilter(ctx, mode, showTime),
    toFilters: (ctx, mode, value) => {
      if (mode === 'range') return dayRangeFilters(ctx, value);
      return defaultFilters(ctx, mode, isBlank(value) ? undefined : serializeDate(value as DateInput, format));
    },
    rules: (ctx) => requiredRules(ctx),
    toForm: (_ctx, value) => toDayjs(value as DateInput),
    fromForm: (_ctx, value) => serializeDate(value as DateInput, format),
  };
}

export const dateKind = pointKind<DateField>(DATE_FORMAT);
export const dateTimeKind = pointKind<DateTimeField>(DATE_TIME_FORMAT);

export const dateRangeKind: FieldKindSpec<DateRangeField> = {
  input: (_ctx, options) => <RangePicker format={DATE_FORMAT} disabled={options.disabled} style={{ width: '100%' }} />,
  cell: (_ctx, value) => {
    const range = rangeOf(value);
    if (!range || (range[0] === null && range[1] === null)) return DASH;
    return `${shown(range[0], DATE_FORMAT)} ~ ${shown(range[1], DATE_FORMAT)}`;
  },
  filter: (ctx) => pickerFilter(ctx, 'range', false),
  toFilters: (ctx, _mode, value) => dayRangeFilters(ctx, value),
  rules: (ctx) => requiredRules(ctx, 'array'),
  toForm: (_ctx, value) => rangeOf(value),
  fromForm: (_ctx, value) => {
    const range = rangeOf(value);
    return range ? range.map((day) => serializeDate(day, DATE_FORMAT)) : null;
  },
};

// A stored time may carry seconds; the picker shows HH:mm.
function timeOf(value: unknown): Dayjs | null {
  if (typeof value !== 'string') return toDayjs(value as DateInput);
  return parseDate(value, [TIME_FORMAT, 'HH:mm:ss']);
}

export const timeKind: FieldKindSpec<TimeField> = {
  input: (_ctx, options) => <TimePicker format={TIME_FORMAT} disabled={options.disabled} />,
  cell: (_ctx, value) => (isBlank(value) ? DASH : (timeOf(value)?.format(TIME_FORMAT) ?? DASH)),
  rules: (ctx) => requiredRules(ctx),
  toForm: (_ctx, value) => timeOf(value),
  fromForm: (_ctx, value) => serializeDate(value as DateInput, TIME_FORMAT),
};
