import { Form } from 'antd';
import type { Rule } from 'antd/es/form';
import type { ResourceDef } from '../../../../resources/define';
import type { ApiRecord, Translate } from '../../../fields/field-kind';
import { fieldContext, specOf } from '../../../fields/field-kinds';

/** Props of {@link DeclaredField}. */
export interface DeclaredFieldProps {
  readonly resource: ResourceDef;
  readonly name: string;
  readonly t: Translate;
  /** The record being edited (relation titles of chosen values). */
  readonly record?: ApiRecord;
  /** Required here although the declaration does not say so (a parameter of the chosen operation). */
  readonly required?: boolean;
}

/**
 * One declared field of a hand-made form: its kind's input, label, hint and rules, exactly as the
 * generic form draws it, for forms that show a field only in some cases.
 */
export function DeclaredField(props: DeclaredFieldProps) {
  const ctx = fieldContext({ resource: props.resource, name: props.name, t: props.t });
  const spec = specOf(ctx.field.kind);
  const label = props.t(ctx.key);
  const rules: Rule[] = [...spec.rules(ctx), ...(props.required ? [{ required: true, message: props.t('validation.required', { label }) }] : [])];
  const input = spec.input(ctx, { record: props.record, recordId: props.record?.id as string | number | undefined });
  if (spec.ownsFormItem) return <>{input}</>;
  return (
    <Form.Item name={props.name} label={label} rules={rules} valuePropName={spec.valuePropName} extra={ctx.field.help ? props.t(`${ctx.key}.help`) : undefined}>
      {input}
    </Form.Item>
  );
}
