/**
 * The value input of one condition, of the metric's kind: money for a spend amount, a whole
 * number for counts, days and points, a month for the birthday, a date for the registration,
 * pickers for levels, stores and tags (records chosen by name, never typed ids) and the member's
 * own options for its state and channel; two of them for `between`, several for `in`.
 */
import { Select, Space } from 'antd';
import type { Dayjs } from 'dayjs';
import { DATE_FORMAT, serializeDate, toDayjs } from '../../../providers/dates';
import type { ConditionOperator, MetricName } from '../../../resources/contract/audience-condition.types';
import { labelKey, type EnumField } from '../../../resources/define';
import { memberResource } from '../../../resources/member/member.resource';
import { DatePicker } from '../controls/deferred-controls';
import { NumberRangeInput } from '../controls/number-range-input';
import { RelationSelect } from '../controls/relation-select';
import type { FieldContext, Translate } from '../field-kind';
import { enumOptions } from '../kinds/choice.kind';
import { NumericInput } from '../numeric-input';

/** The records a set metric's values name (their ids), picked from their resource. */
export const METRIC_RECORDS: Partial<Record<MetricName, string>> = {
  level: 'level',
  registerStore: 'store',
  store: 'store',
  tag: 'member-tag',
};

/** The member's own options a set metric's values are (codes). */
export const METRIC_MEMBER_OPTIONS: Partial<Record<MetricName, 'state' | 'channel'>> = { state: 'state', channel: 'channel' };

const MONTHS = Array.from({ length: 12 }, (_, i) => i + 1);

/** Props of {@link ConditionValueInput}; antd's Form.Item supplies value and onChange. */
export interface ConditionValueInputProps {
  readonly metric: MetricName;
  readonly operator: ConditionOperator;
  readonly t: Translate;
  /** The accessible name of the input(s). */
  readonly label: string;
  readonly disabled?: boolean;
  readonly value?: unknown;
  readonly onChange?: (value: unknown) => void;
  readonly id?: string;
}

/** The member field whose options a state or channel condition offers, as the engine's context. */
export function memberOptionsContext(name: 'state' | 'channel', t: Translate): FieldContext<EnumField> {
  // Built here rather than by field-kinds.ts, which registers this widget (no import cycle).
  return { resource: memberResource, name, field: memberResource.fields[name] as EnumField, key: labelKey(memberResource.name, name), t };
}

function DateInput(props: { value?: unknown; onChange?: (v: string | null) => void; label: string; disabled?: boolean }) {
  return (
    <DatePicker
      format={DATE_FORMAT}
      value={toDayjs(props.value as string | null) ?? null}
      onChange={(d: Dayjs | null) => props.onChange?.(serializeDate(d, DATE_FORMAT))}
      aria-label={props.label}
      placeholder={props.label}
      disabled={props.disabled}
      style={{ width: 150 }}
    />
  );
}

function MonthSelect(props: { value?: unknown; onChange?: (v: unknown) => void; label: string; t: Translate; disabled?: boolean }) {
  return (
    <Select
      value={props.value as number | undefined}
      onChange={props.onChange}
      aria-label={props.label}
      placeholder={props.label}
      disabled={props.disabled}
      style={{ width: 110 }}
      options={MONTHS.map((n) => ({ value: n, label: props.t('audience.builder.month', { n }) }))}
    />
  );
}

/** One value of a number or date metric (money with two decimals). */
function ScalarInput(props: ConditionValueInputProps) {
  const { metric, label, disabled } = props;
  if (metric === 'registeredAt') return <DateInput value={props.value} onChange={props.onChange} label={label} disabled={disabled} />;
  if (metric === 'birthdayMonth') return <MonthSelect {...props} />;
  const money = metric === 'spendAmount';
  return (
    <NumericInput
      value={props.value as string | number | undefined}
      onChange={props.onChange}
      min={0}
      decimals={money ? 2 : 0}
      prefix={money ? '¥' : undefined}
      aria-label={label}
      placeholder={label}
      disabled={disabled}
      style={{ width: 150 }}
    />
  );
}

/** Both ends of `between`: each end its metric's own input. */
function PairInput(props: ConditionValueInputProps) {
  const pair = Array.isArray(props.value) ? (props.value as unknown[]) : [undefined, undefined];
  const end = (i: 0 | 1) => {
    const word = props.t(i === 0 ? 'audience.builder.from' : 'audience.builder.to');
    return (
      <ScalarInput
        {...props}
        label={`${props.label} ${word}`}
        value={pair[i]}
        onChange={(next) => props.onChange?.(i === 0 ? [next, pair[1]] : [pair[0], next])}
      />
    );
  };
  if (props.metric !== 'registeredAt' && props.metric !== 'birthdayMonth')
    return (
      <NumberRangeInput
        value={pair as [string | undefined, string | undefined]}
        onChange={(next) => props.onChange?.([...next])}
        min={0}
        decimals={props.metric === 'spendAmount' ? 2 : 0}
        label={props.label}
        t={props.t}
      />
    );
  return (
    <Space.Compact>
      {end(0)}
      {end(1)}
    </Space.Compact>
  );
}

/** The values of `in` / `not in`: records picked by name, or the member's options. */
function SetInput(props: ConditionValueInputProps) {
  const records = METRIC_RECORDS[props.metric];
  const list = Array.isArray(props.value) ? (props.value as (string | number)[]) : [];
  if (records)
    return (
      <RelationSelect
        resource={records}
        multiple
        value={list}
        onChange={(next) => props.onChange?.(next ?? [])}
        aria-label={props.label}
        placeholder={props.label}
        disabled={props.disabled}
        style={{ minWidth: 220 }}
      />
    );
  const member = METRIC_MEMBER_OPTIONS[props.metric] ?? 'state';
  return (
    <Select
      mode="multiple"
      value={list}
      onChange={props.onChange}
      aria-label={props.label}
      placeholder={props.label}
      disabled={props.disabled}
      style={{ minWidth: 220 }}
      options={enumOptions(memberOptionsContext(member, props.t))}
    />
  );
}

/** The value input of a condition: none for `empty` / `not empty`, two for `between`, several for `in`. */
export function ConditionValueInput(props: ConditionValueInputProps) {
  if (props.operator === 'in' || props.operator === 'notIn') return <SetInput {...props} />;
  if (props.operator === 'between') return <PairInput {...props} />;
  return <ScalarInput {...props} />;
}
