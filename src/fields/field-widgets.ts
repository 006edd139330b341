/**
 * The widgets a declared field may name (`LongTextField.widget`, resources/define.ts): a
 * structured value kept as text by its kind and edited, shown and converted by the widget.
 * `specFor` (field-kinds.ts) answers a field's widget wherever its kind would be drawn, so the
 * generic screens need no per-resource code.
 */
import type { FieldWidget } from '../../resources/define';
import type { FieldKindSpec } from './field-kind';
import { conditionTreeWidget } from './widgets/condition-tree.widget';
import { qrCodeWidget } from './widgets/qr-code.widget';

/** One spec per widget name. */
export const FIELD_WIDGETS: Readonly<Record<FieldWidget['name'], FieldKindSpec>> = {
  conditionTree: conditionTreeWidget as unknown as FieldKindSpec,
  qrCode: qrCodeWidget as unknown as FieldKindSpec,
};
