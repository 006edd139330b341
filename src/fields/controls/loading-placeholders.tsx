/**
 * What a field kind's part fetched when first drawn (`lazySlot`: the lines' tables, the condition
 * builder's views) shows meanwhile: in a form the field's label with a spinner where its input
 * will be, elsewhere a spinner where its value will be.
 */
import { Form, Spin } from 'antd';
import type { FieldContext } from '../field-kind';
import { labelOf } from '../field-helpers';

/** A form field's place while its input loads. */
export function loadingField(props: { readonly ctx: FieldContext }) {
  return (
    <Form.Item label={labelOf(props.ctx)} required={props.ctx.field.required}>
      <Spin size="small" />
    </Form.Item>
  );
}

/** A value's place while its display loads. */
export function loadingValue() {
  return <Spin size="small" />;
}
