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
import type { LongTextField } from '../../../resources/define';
import type { FieldKindSpec } from '../field-kind';
import { DASH } from '../field-helpers';
import { lazySlot } from '../../screens/lazy-slot';
import { loadingField, loadingValue } from '../controls/loading-placeholders';
import { draftOf, treeOf, type DraftNode } from './condition-draft';

const loadViews = () => import('./condition-tree-views');
const ConditionTreeInput = lazySlot(() => loadViews().then((m) => m.ConditionTreeInput), loadingField);
const ConditionCell = lazySlot(() => loadViews().then((m) => m.ConditionCell), loadingValue);
const ConditionDisplay = lazySlot(() => loadViews().then((m) => m.ConditionDisplay), loadingValue);

const isConditions = (value: unknown): value is string => typeof value === 'string' && value.trim() !== '';

/** The condition builder as a field widget: the tree in the form, JSON text to and from the API. */
export const conditionTreeWidget: FieldKindSpec<LongTextField> = {
  ownsFormItem: true,
  input: (ctx, options) => <ConditionTreeInput ctx={ctx} options={options} />,
  cell: (ctx, value) => (typeof value === 'string' && value !== '' ? <ConditionCell ctx={ctx} value={value} /> : DASH),
  display: (ctx, value, record) => (isConditions(value) ? <ConditionDisplay ctx={ctx} value={value} record={record} /> : DASH),
  rules: () => [],
  toForm: (_ctx, value) => (value === null || value === undefined || value === '' ? undefined : draftOf(value)),
  fromForm: (_ctx, value) => (value === null || value === undefined ? null : JSON.stringify(treeOf(value as DraftNode))),
};
