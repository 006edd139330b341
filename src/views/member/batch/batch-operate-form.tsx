import { Alert, App, Button, Form, Result, Row, Skeleton, Space, Typography } from 'antd';
import { useCreate, useOne, useUpdate, type BaseRecord, type HttpError } from '@refinedev/core';
import { useEffect, useState } from 'react';
import {
  batchOperateResource,
  FILTER_FIELDS,
  PARAMETER_FIELDS,
  SOURCE_FILE_FIELD,
  type SelectionMode,
} from '../../../../resources/member/batch-operate.resource';
import type { ApiRecord, Translate } from '../../../fields/field-kind';
import { formToBody, recordToForm } from '../../../fields/field-kinds';
import { RelationSelect } from '../../../fields/controls/relation-select';
import { alreadyReported, errorText, showFieldErrors } from '../../../screens/generic/call-errors';
import { FormField } from '../../../screens/generic/form-layout';
import { settleBody, useSettledConditions } from '../../../screens/generic/form-rules';
import { useTranslate } from '../../../screens/generic/use-translate';
import { MemberImport } from './member-import';

/** The form value holding the chosen members' ids (picked or imported); sent as the lines. */
const MEMBERS = 'members';

const resource = batchOperateResource;

/** The declared fields of the form (the members' lines are drawn by hand below). */
const OPERATION_FIELDS = ['operation', ...PARAMETER_FIELDS, 'remark'];
const MEMBER_FIELDS = ['selectionMode', ...Object.keys(FILTER_FIELDS), SOURCE_FILE_FIELD];

/** Props of {@link BatchOperateForm}. */
export interface BatchOperateFormProps {
  /** The document to edit; absent to draft one. */
  readonly id?: string;
  /** Called with the saved document. */
  readonly onSaved: (record: BaseRecord) => void;
  readonly onCancel: () => void;
  /**
   * Drafting: values the document starts with, as a record holds them (`?values=`: the member's
   * "Issue coupons" sends `{ operation: 'grantCoupon', lines: [{ member: 7 }] }`, the template's
   * `{ operation: 'grantCoupon', couponTemplate: 3 }`).
   */
  readonly prefill?: Readonly<Record<string, unknown>>;
}

/** Form values of a document being edited: its fields, and its members' ids. */
function formValuesOf(record: ApiRecord, t: Translate): Record<string, unknown> {
  const lines = Array.isArray(record.lines) ? (record.lines as ApiRecord[]) : [];
  return { ...recordToForm({ resource, record: { ...record }, t }), [MEMBERS]: lines.map((line) => line.member) };
}

/** The members section of the chosen mode. */
function MembersSection(props: { t: Translate; mode: SelectionMode | undefined; record?: ApiRecord; onFileName: (name: string) => void }) {
  const { t, mode } = props;
  const required = [{ required: true, type: 'array' as const, min: 1, message: t('batch.noMembers') }];
  if (mode === 'filtered') {
    const listed = Number(props.record?.memberCount ?? 0);
    return (
      <>
        <Alert
          type="info"
          showIcon
          style={{ marginBottom: 16 }}
          message={t('batch.edit.filterHint')}
          description={props.record?.selectionMode === 'filtered' ? t('batch.edit.filterListed', { count: listed }) : undefined}
        />
        <Row gutter={16}>
          {Object.keys(FILTER_FIELDS).map((name) => (
            <FormField
              key={name}
              resource={resource}
              name={name}
              t={t}
              editing={props.record !== undefined}
              record={props.record}
              columns={2}
            />
          ))}
        </Row>
      </>
    );
  }
  if (mode === 'imported') {
    return (
      <>
        <Form.Item name={SOURCE_FILE_FIELD} hidden>
          <input />
        </Form.Item>
        <Form.Item name={MEMBERS} label={t('batch.edit.pick')} rules={required}>
          <MemberImport t={t} onFileName={props.onFileName} />
        </Form.Item>
      </>
    );
  }
  return (
    <Form.Item name={MEMBERS} label={t('batch.edit.pick')} rules={required}>
      <RelationSelect resource="member" multiple placeholder={t('batch.edit.pickPlaceholder')} aria-label={t('batch.edit.pick')} />
    </Form.Item>
  );
}

/**
 * The add / edit form of a batch operation document: the operation and only its own parameters,
 * then how the members are chosen and only that mode's input (a member picker, the filter's
 * conditions, or an .xlsx upload). Saving sends the declared fields that apply and, unless the
 * server expands a filter, the chosen members as the lines; a 400's messages land on their fields.
 */
export function BatchOperateForm(props: BatchOperateFormProps) {
  const editing = props.id !== undefined;
  const t = useTranslate();
  const { message } = App.useApp();
  const [form] = Form.useForm();
  const [saving, setSaving] = useState(false);
  const one = useOne<BaseRecord>({
    resource: resource.name,
    id: props.id ?? '',
    queryOptions: { enabled: editing },
    errorNotification: false,
  });
  const { mutateAsync: create } = useCreate<BaseRecord, HttpError, Record<string, unknown>>();
  const { mutateAsync: update } = useUpdate<BaseRecord, HttpError, Record<string, unknown>>();
  const record = one.data?.data as ApiRecord | undefined;
  const mode = Form.useWatch('selectionMode', form) as SelectionMode | undefined;
  // The fields of other operations and selection modes are emptied, as the server clears them.
  useSettledConditions({ form, resource, t });
  // A document opened with values (`?values=`) takes them once the first settling, which saw no
  // values yet, has run: a conditional one (the coupon template of grantCoupon) is then kept.
  useEffect(() => {
    if (editing || !props.prefill) return;
    const prefilled = formValuesOf(props.prefill, t);
    // Only what the prefill names (and the members its lines name): the rest keeps its defaults.
    form.setFieldsValue(Object.fromEntries(Object.entries(prefilled).filter(([name]) => name in props.prefill! || name === MEMBERS)));
    // Once, when the form opens.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, []);

  useEffect(() => {
    if (record) form.setFieldsValue(formValuesOf(record, t));
  }, [record, form, t]);

  if (editing && one.isLoading) return <Skeleton active />;
  if (editing && one.isError) return <Result status="warning" title={errorText(one.error) || t('screens.notFound')} />;

  const submit = async (values: Record<string, unknown>) => {
    const all = { ...(form.getFieldsValue(true) as Record<string, unknown>), ...values };
    const body = settleBody({
      resource,
      body: formToBody({ resource, values: all, names: [...OPERATION_FIELDS, ...MEMBER_FIELDS], t }),
      values: all,
    });
    if (values.selectionMode !== 'filtered') body.lines = ((values[MEMBERS] as number[] | undefined) ?? []).map((member) => ({ member }));
    setSaving(true);
    try {
      const quiet = { successNotification: false, errorNotification: false } as const;
      const saved = editing
        ? await update({
            resource: resource.name,
            id: props.id as string,
            values: body,
            meta: { version: record?.version },
            mutationMode: 'pessimistic',
            ...quiet,
          })
        : await create({ resource: resource.name, values: body, ...quiet });
      void message.success(t('screens.saved'));
      props.onSaved(saved.data);
    } catch (error) {
      const placed = showFieldErrors(form, error);
      if (!alreadyReported(error) && placed === 0) void message.error(errorText(error));
    } finally {
      setSaving(false);
    }
  };

  const defaults = { operation: resource.fields.operation.defaultValue, selectionMode: resource.fields.selectionMode.defaultValue };
  const section = (key: string) => <Typography.Title level={5}>{t(`res.${resource.name}.section.${key}`)}</Typography.Title>;
  return (
    <Form
      form={form}
      name={`${resource.name}-form`}
      layout="vertical"
      initialValues={editing ? {} : defaults}
      onFinish={submit}
      scrollToFirstError
      // Members chosen one way do not carry over to another.
      onValuesChange={(changed: Record<string, unknown>) => {
        if ('selectionMode' in changed) form.setFieldValue(MEMBERS, []);
      }}
    >
      {section('operation')}
      <Row gutter={16}>
        {OPERATION_FIELDS.map((name) => (
          <FormField key={name} resource={resource} name={name} t={t} editing={editing} record={record} columns={2} />
        ))}
      </Row>
      {section('members')}
      <Row gutter={16}>
        <FormField resource={resource} name="selectionMode" t={t} editing={editing} record={record} columns={2} />
      </Row>
      <MembersSection t={t} mode={mode} record={record} onFileName={(name) => form.setFieldValue(SOURCE_FILE_FIELD, name)} />
      <Space>
        <Button type="primary" htmlType="submit" loading={saving}>
          {t('screens.save')}
        </Button>
        <Button onClick={props.onCancel}>{t('screens.cancel')}</Button>
      </Space>
    </Form>
  );
}
