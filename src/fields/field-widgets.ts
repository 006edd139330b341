/**
 * The widgets a declared field may name (`LongTextField.widget`, resources/define.ts): a
 * structured value kept as text by its kind and edited, shown and converted by the widget.
 * `specFor` (field-kinds.ts) answers a field's widget wherever its kind would be drawn, so the
 * generic screens need no per-resource code. A widget's drawing code loads when one of its
 * fields is first drawn (deferred-spec.tsx); its conversions are here at once.
 */
import type { FieldWidget, LongTextField } from '../../resources/define';
import { deferredSpec } from './deferred-spec';
import type { FieldKindSpec } from './field-kind';
import { conditionTreeValues } from './widgets/condition-draft';

/** One spec per widget name. */
export const FIELD_WIDGETS: Readonly<Record<FieldWidget['name'], FieldKindSpec>> = {
  conditionTree: deferredSpec<LongTextField>(
    () => import('./widgets/condition-tree.widget').then((m) => m.conditionTreeWidget),
    conditionTreeValues,
  ) as unknown as FieldKindSpec,
};
