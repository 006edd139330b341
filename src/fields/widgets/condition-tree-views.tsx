/**
 * What the `conditionTree` widget draws (condition-tree.widget.tsx), loaded the first time it is drawn:
 * the condition builder in the form, with the planner's estimate as the conditions change
 * (debounced, `POST /v1/customer-group/estimate`) and the record's exact count from the
 * background with its time; on the detail, the conditions as a sentence, the exact count, a
 * button that computes it again (the declared count route) and refreshes when it lands, and the
 * export of the selected members to the file centre when the widget declares one.
 */
import { Button, Form, Space, Spin, Typography } from 'antd';
import { useInvalidate } from '@refinedev/core';
import { lazy, Suspense, useEffect, useRef, useState, type ReactNode } from 'react';
import { apiGet, apiPost } from '../../../providers/http';
import { DATE_TIME_FORMAT, toDayjs } from '../../../providers/dates';
import { METRICS, type ConditionNode } from '../../../resources/contract/audience-condition.types';
import type { ConditionTreeWidget, EnumField, LongTextField } from '../../../resources/define';
import { formatInteger } from '../../lib/format';
import { ExportTaskButton } from '../../screens/files/export-task-button';
import type { ApiRecord, FieldContext, InputOptions, Translate } from '../field-kind';
import { labelOf } from '../field-helpers';
import { useOptionTitles } from '../option-titles';
import { ValueHolder } from './value-holder';
import { draftOf, isComplete, isGroup, treeOf, type DraftNode } from './condition-draft';
import { METRIC_MEMBER_OPTIONS, METRIC_RECORDS, memberOptionsContext } from './condition-value';
import { enumOptions } from '../kinds/choice.kind';

// The builder (its selects, value inputs and antd's Radio) loads when a form first draws it: a
// list draws only the conditions as a sentence.
const GroupEditor = lazy(() => import('./condition-builder').then((m) => ({ default: m.GroupEditor })));

/** Milliseconds the conditions must stay unchanged before the estimate is asked for. */
export const ESTIMATE_DELAY_MS = 400;

const ESTIMATE_URL = '/v1/customer-group/estimate';
/** How often, and how many times, a detail waiting for a queued count asks for the record again. */
const COUNT_POLL_MS = 1500;
const COUNT_POLLS = 40;

type Estimate = { readonly state: 'incomplete' } | { readonly state: 'asking' } | { readonly state: 'known'; readonly estimate: number };

/** The planner's estimate of the draft, asked for once it stays unchanged for a moment. */
function useEstimate(draft: DraftNode | undefined): Estimate {
  const [estimate, setEstimate] = useState<Estimate>({ state: 'incomplete' });
  const key = draft === undefined || !isComplete(draft) ? '' : JSON.stringify(treeOf(draft));
  useEffect(() => {
    if (!isComplete(draft)) {
      setEstimate({ state: 'incomplete' });
      return;
    }
    let live = true;
    setEstimate({ state: 'asking' });
    const timer = setTimeout(() => {
      apiPost<{ estimate: number }>(ESTIMATE_URL, { data: { rule: JSON.parse(key) as unknown }, silent: true }).then(
        (answer) => live && setEstimate({ state: 'known', estimate: answer.estimate }),
        // An unfinished condition is refused (400): the estimate waits until it is complete.
        () => live && setEstimate({ state: 'incomplete' }),
      );
    }, ESTIMATE_DELAY_MS);
    return () => {
      live = false;
      clearTimeout(timer);
    };
    // `key` stands for the draft's tree.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [key]);
  return estimate;
}

function timeText(value: unknown): string {
  return toDayjs(value as string | null)?.format(DATE_TIME_FORMAT) ?? '';
}

/** The record's exact count and when the background computed it, or that it has not yet. */
function exactText(args: { widget: ConditionTreeWidget; record: ApiRecord | undefined; t: Translate }): string {
  const [count, at] = args.widget.countFields;
  const n = args.record?.[count];
  if (!args.record?.[at] || n === null || n === undefined) return args.t('audience.builder.notCounted');
  return args.t('audience.builder.exact', { count: formatInteger(n as number), time: timeText(args.record[at]) });
}

function EstimateLine(props: { readonly ctx: FieldContext<LongTextField>; readonly record?: ApiRecord }) {
  const { ctx } = props;
  const path = [...(ctx.path ?? [ctx.name])];
  const form = Form.useFormInstance();
  const draft = Form.useWatch(path, { form, preserve: true }) as DraftNode | undefined;
  const estimate = useEstimate(draft);
  const text =
    estimate.state === 'known'
      ? ctx.t('audience.builder.estimate', { count: formatInteger(estimate.estimate) })
      : ctx.t(estimate.state === 'asking' ? 'audience.builder.estimating' : 'audience.builder.incomplete');
  return (
    <Space direction="vertical" size={0} data-testid="condition-estimate">
      <Typography.Text strong={estimate.state === 'known'} aria-live="polite">
        {text}
      </Typography.Text>
      {props.record && ctx.field.widget?.name === 'conditionTree' ? (
        <Typography.Text type="secondary">{exactText({ widget: ctx.field.widget, record: props.record, t: ctx.t })}</Typography.Text>
      ) : null}
    </Space>
  );
}

/** Computes the record's exact count again and refreshes its screens when the result lands. */
function CountNow(props: { readonly ctx: FieldContext<LongTextField>; readonly record: ApiRecord }) {
  const { ctx, record } = props;
  const widget = ctx.field.widget as ConditionTreeWidget;
  const invalidate = useInvalidate();
  const [waiting, setWaiting] = useState(false);
  const live = useRef(true);
  useEffect(
    () => () => {
      live.current = false;
    },
    [],
  );
  const resource = ctx.resource.name;
  const at = widget.countFields[1];
  const refresh = () => invalidate({ resource, invalidates: ['detail', 'list'], id: record.id as number });
  const count = async () => {
    setWaiting(true);
    try {
      const answer = await apiPost<{ queued: boolean }>(`/v1/${resource}/${widget.count}`, { params: { id: record.id } });
      // Queued: the count lands on the record later; ask for it until its time moves.
      for (let i = 0; answer.queued && i < COUNT_POLLS && live.current; i += 1) {
        await new Promise((resolve) => setTimeout(resolve, COUNT_POLL_MS));
        const now = await apiGet<ApiRecord>(`/v1/${resource}/info/${String(record.id)}`, { silent: true });
        if (now[at] && now[at] !== record[at]) break;
      }
      await refresh();
    } finally {
      if (live.current) setWaiting(false);
    }
  };
  return (
    <Space wrap>
      <Typography.Text data-testid="condition-exact">{exactText({ widget, record, t: ctx.t })}</Typography.Text>
      <Button size="small" loading={waiting} onClick={() => void count()}>
        {ctx.t('audience.builder.countNow')}
      </Button>
      {waiting ? <Typography.Text type="secondary">{ctx.t('audience.builder.counting')}</Typography.Text> : null}
      {widget.exportMembers ? (
        <ExportTaskButton start={() => apiPost(`/v1/${resource}/${String(widget.exportMembers)}`, { data: { id: record.id } })} />
      ) : null}
    </Space>
  );
}

/** Names of the records a set condition lists (levels, stores, tags), as their pickers show them. */
function RecordNames(props: { readonly resource: string; readonly ids: readonly (string | number)[] }) {
  const titles = useOptionTitles(props.resource, props.ids);
  return <>{props.ids.map((id) => titles?.get(String(id)) ?? String(id)).join('、')}</>;
}

function valueText(args: { leaf: Extract<ConditionNode, { metric: unknown }>; t: Translate }): ReactNode {
  const { leaf, t } = args;
  const list = Array.isArray(leaf.value) ? (leaf.value as (string | number)[]) : [];
  const records = METRIC_RECORDS[leaf.metric];
  if ((leaf.operator === 'in' || leaf.operator === 'notIn') && records) return <RecordNames resource={records} ids={list} />;
  const member = METRIC_MEMBER_OPTIONS[leaf.metric];
  if (member) {
    const labels = new Map(enumOptions(memberOptionsContext(member, t) as FieldContext<EnumField>).map((o) => [o.value, o.label]));
    return list.map((v) => labels.get(String(v)) ?? String(v)).join('、');
  }
  const one = (v: unknown) => (leaf.metric === 'birthdayMonth' ? t('audience.builder.month', { n: String(v) }) : String(v));
  if (leaf.operator === 'between') return `${one(list[0])} – ${one(list[1])}`;
  return leaf.value === undefined ? '' : one(leaf.value);
}

/** The conditions as nested sentences: `Spend amount (Last month) more than 1000 AND Level is none of Gold`. */
function ConditionText(props: { readonly node: ConditionNode; readonly t: Translate }): ReactNode {
  const { node, t } = props;
  if (!isGroup(node)) {
    const leaf = node as Extract<ConditionNode, { metric: unknown }>;
    const known = Object.hasOwn(METRICS, leaf.metric);
    return (
      <span>
        {known ? t(`audience.metric.${leaf.metric}`) : String(leaf.metric)}
        {leaf.window ? ` (${t(`audience.window.${leaf.window}`)})` : ''} {t(`audience.operator.${leaf.operator}`)} {valueText({ leaf, t })}
      </span>
    );
  }
  const group = node as Extract<ConditionNode, { combine: unknown }>;
  const word = t(group.combine === 'or' ? 'audience.builder.orWord' : 'audience.builder.andWord');
  return (
    <span>
      {group.children.map((child, i) => (
        <span key={i}>
          {i > 0 ? <Typography.Text strong>{` ${word} `}</Typography.Text> : null}
          {isGroup(child) ? '(' : null}
          <ConditionText node={child} t={t} />
          {isGroup(child) ? ')' : null}
        </span>
      ))}
    </span>
  );
}

/** The conditions of a record in a list's cell, as a sentence. */
export function ConditionCell(props: { readonly ctx: FieldContext<LongTextField>; readonly value: string }): ReactNode {
  return <ConditionText node={treeOf(draftOf(props.value))} t={props.ctx.t} />;
}

/** The conditions on a detail, as a sentence, with the exact count and what the widget declares beside it. */
export function ConditionDisplay(props: {
  readonly ctx: FieldContext<LongTextField>;
  readonly value: string;
  readonly record: ApiRecord;
}): ReactNode {
  const { ctx, value, record } = props;
  const tree = treeOf(draftOf(value));
  return (
    <Space direction="vertical" size={4} data-testid="condition-text">
      <ConditionText node={tree} t={ctx.t} />
      {record.id !== undefined && ctx.field.widget ? <CountNow ctx={ctx} record={record} /> : null}
    </Space>
  );
}

/** The builder in a form, with the planner's estimate under it. */
export function ConditionTreeInput(props: { readonly ctx: FieldContext<LongTextField>; readonly options: InputOptions }): ReactNode {
  const { ctx, options } = props;
  const path = [...(ctx.path ?? [ctx.name])];
  return (
    // The field's own errors (`rule`: required, too many conditions) show under its label.
    <Form.Item label={labelOf(ctx)} required={ctx.field.required} extra={ctx.field.help ? ctx.t(`${ctx.key}.help`) : undefined}>
      <Form.Item
        name={path}
        noStyle
        rules={ctx.field.required ? [{ required: true, message: ctx.t('validation.required', { label: labelOf(ctx) }) }] : []}
      >
        <ValueHolder />
      </Form.Item>
      <div data-field={ctx.key}>
        <Suspense fallback={<Spin size="small" />}>
          <GroupEditor rel={path} abs={path} depth={0} t={ctx.t} disabled={options.disabled} />
        </Suspense>
        <EstimateLine ctx={ctx} record={options.record} />
      </div>
    </Form.Item>
  );
}
