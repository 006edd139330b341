/**
 * The `conditionTree` widget of a longText field (resources/define.ts `ConditionTreeWidget`):
 * the condition builder in the form, with the planner's estimate as the conditions change
 * (debounced, `POST /v1/customer-group/estimate`) and the record's exact count from the
 * background with its time; on the detail, the conditions as a sentence, the exact count, a
 * button that computes it again (the declared count route) and refreshes when it lands, and the
 * export of the selected members to the file centre when the widget declares one.
 * What it draws loads the first time it is drawn (condition-tree-views.tsx): the screens that
 * carry the field registry (every list) do not carry the builder; its values convert here.
 */
import { Form, Spin } from 'antd';
import { lazy, Suspense } from 'react';
import type { LongTextField } from '../../../resources/define';
import type { FieldKindSpec } from '../field-kind';
import { DASH, labelOf } from '../field-helpers';
import { draftOf, treeOf, type DraftNode } from './condition-draft';

const loadViews = () => import('./condition-tree-views');
const ConditionTreeInput = lazy(() => loadViews().then((m) => ({ default: m.ConditionTreeInput })));
const ConditionCell = lazy(() => loadViews().then((m) => ({ default: m.ConditionCell })));
const ConditionDisplay = lazy(() => loadViews().then((m) => ({ default: m.ConditionDisplay })));

const isConditions = (value: unknown): value is string => typeof value === 'string' && value.trim() !== '';

/** The condition builder as a field widget: the tree in the form, JSON text to and from the API. */
export const conditionTreeWidget: FieldKindSpec<LongTextField> = {
  ownsFormItem: true,
  input: (ctx, options) => (
    <Suspense
      fallback={
        <Form.Item label={labelOf(ctx)} required={ctx.field.required}>
          <Spin size="small" />
        </Form.Item>
      }
    >
      <ConditionTreeInput ctx={ctx} options={options} />
    </Suspense>
  ),
  cell: (ctx, value) =>
    typeof value === 'string' && value !== '' ? (
      <Suspense fallback={<Spin size="small" />}>
        <ConditionCell ctx={ctx} value={value} />
      </Suspense>
    ) : (
      DASH
    ),
  display: (ctx, value, record) =>
    isConditions(value) ? (
      <Suspense fallback={<Spin size="small" />}>
        <ConditionDisplay ctx={ctx} value={value} record={record} />
      </Suspense>
    ) : (
      DASH
    ),
  rules: () => [],
  toForm: (_ctx, value) => (value === null || value === undefined || value === '' ? undefined : draftOf(value)),
  fromForm: (_ctx, value) => (value === null || value === undefined ? null : JSON.stringify(treeOf(value as DraftNode))),
};
