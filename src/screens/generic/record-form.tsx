import { Alert, App, Button, Col, Form, Result, Row, Skeleton, Space, Typography } from 'antd';
import { useCreate, useOne, useUpdate, type BaseRecord, type HttpError } from '@refinedev/core';
import { useEffect, useMemo, useState } from 'react';
import { formSections, type FieldDef, type ResourceDef } from '../../../resources/define';
import type { ApiRecord, Translate } from '../../fields/field-kind';
import { fieldContext, formToBody, recordToForm, specOf } from '../../fields/field-kinds';
import { alreadyReported, errorText, isConflict, showFieldErrors } from './call-errors';
import { useTranslate } from './use-translate';

/** Props of {@link RecordForm}. */
export interface RecordFormProps {
  readonly resource: ResourceDef;
  /** The record to edit; absent to add one. */
  readonly id?: string | number;
  /** One column (a drawer) or two (a page). */
  readonly columns: 1 | 2;
  /** Called with the saved record. */
  readonly onSaved: (record: BaseRecord) => void;
  readonly onCancel: () => void;
}

// Kinds that need a whole row to be usable.
const WIDE_KINDS: readonly FieldDef['kind'][] = ['longText', 'lines', 'file', 'weekdays', 'dateRange'];

/** Form values of a new record: the declared defaults. */
function defaultsOf(resource: ResourceDef, t: Translate): Record<string, unknown> {
  const values: Record<string, unknown> = {};
  for (const [name, field] of Object.entries(resource.fields)) {
    if (field.defaultValue === undefined) continue;
    const ctx = fieldContext({ resource, name, t });
    const convert = specOf(field.kind).toForm;
    values[name] = convert ? convert(ctx, field.defaultValue) : field.defaultValue;
  }
  return values;
}

function FormField(props: { resource: ResourceDef; name: string; t: Translate; editing: boolean; record?: ApiRecord; columns: 1 | 2 }) {
  const ctx = fieldContext({ resource: props.resource, name: props.name, t: props.t });
  const spec = specOf(ctx.field.kind);
  const disabled = props.editing && ctx.field.readOnlyAfterCreate === true;
  const options = { disabled, record: props.record, recordId: props.record?.id as string | number | undefined };
  const span = props.columns === 1 || WIDE_KINDS.includes(ctx.field.kind) ? 24 : 12;
  const help = ctx.field.help ? props.t(`${ctx.key}.help`) : undefined;
  return (
    <Col xs={24} md={span}>
      {spec.ownsFormItem ? spec.input(ctx, options) : (
        <Form.Item name={props.name} label={props.t(ctx.key)} rules={spec.rules(ctx)} valuePropName={spec.valuePropName} extra={help}>
          {spec.input(ctx, options)}
        </Form.Item>
      )}
    </Col>
  );
}

/**
 * The add / edit form of a declaration: its sections and fields, the declared rules, defaults on
 * add, read-only-after-create fields disabled on edit, the record's version sent with the change,
 * a 400's field messages on their fields, and a 409 explained with a way to reload.
 */
export function RecordForm(props: RecordFormProps) {
  const { resource, id } = props;
  const editing = id !== undefined;
  const t = useTranslate();
  const { message } = App.useApp();
  const [form] = Form.useForm();
  const [saving, setSaving] = useState(false);
  const [conflict, setConflict] = useState<string>();
  const one = useOne<BaseRecord>({ resource: resource.name, id: id ?? '', queryOptions: { enabled: editing }, errorNotification: false });
  const { mutateAsync: create } = useCreate<BaseRecord, HttpError, Record<string, unknown>>();
  const { mutateAsync: update } = useUpdate<BaseRecord, HttpError, Record<string, unknown>>();
  const record = one.data?.data as ApiRecord | undefined;
  const sections = formSections(resource);
  const initial = useMemo(() => (editing ? {} : defaultsOf(resource, t)), [editing, resource, t]);

  useEffect(() => {
    if (record) form.setFieldsValue(recordToForm({ resource, record: { ...record }, t }));
  }, [record, form, resource, t]);

  if (editing && one.isLoading) return <Skeleton active />;
  if (editing && one.isError) return <Result status="warning" title={errorText(one.error) || t('screens.notFound')} />;

  const submit = async (values: Record<string, unknown>) => {
    const names = sections.flatMap((section) => section.fields).filter((name) => !(editing && resource.fields[name]?.readOnlyAfterCreate));
    const body = formToBody({ resource, values, names, t });
    setSaving(true);
    setConflict(undefined);
    try {
      const quiet = { successNotification: false, errorNotification: false } as const;
      const saved = editing
        ? await update({ resource: resource.name, id: (record?.id as string | number | undefined) ?? id, values: body, meta: { version: record?.version }, mutationMode: 'pessimistic', ...quiet })
        : await create({ resource: resource.name, values: body, ...quiet });
      void message.success(t('screens.saved'));
      props.onSaved(saved.data);
    } catch (error) {
      const conflicted = isConflict(error);
      if (conflicted) setConflict(errorText(error));
      const placed = showFieldErrors(form, error);
      if (!alreadyReported(error) && !conflicted && placed === 0) void message.error(errorText(error));
    } finally {
      setSaving(false);
    }
  };

  return (
    <Form form={form} name={`${resource.name}-form`} layout="vertical" initialValues={initial} onFinish={submit} scrollToFirstError>
      {conflict ? (
        <Alert type="warning" showIcon message={conflict} style={{ marginBottom: 16 }}
          action={<Button size="small" onClick={() => { setConflict(undefined); void one.refetch(); }}>{t('screens.reload')}</Button>} />
      ) : null}
      {sections.map((section) => (
        <div key={section.key}>
          {sections.length > 1 ? <Typography.Title level={5}>{t(`res.${resource.name}.section.${section.key}`)}</Typography.Title> : null}
          <Row gutter={16}>
            {section.fields.filter((name) => resource.fields[name]).map((name) => (
              <FormField key={name} resource={resource} name={name} t={t} editing={editing} record={record} columns={props.columns} />
            ))}
          </Row>
        </div>
      ))}
      <Space>
        <Button type="primary" htmlType="submit" loading={saving}>{t('screens.save')}</Button>
        <Button onClick={props.onCancel}>{t('screens.cancel')}</Button>
      </Space>
    </Form>
  );
}
