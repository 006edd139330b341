import { Alert, App, Button, Form, Result, Skeleton } from 'antd';
import { useCreate, useInvalidate, useOne, useUpdate, type BaseRecord, type HttpError } from '@refinedev/core';
import { useEffect, useMemo, useRef, useState } from 'react';
import type { ObjectField, ResourceDef } from '../../../resources/define';
import type { ApiRecord, Translate } from '../../fields/field-kind';
import { fieldContext, formToBody, recordToForm, specFor } from '../../fields/field-kinds';
import { alreadyReported, errorText, isConflict, showFieldErrors } from './call-errors';
import { FormBody, layoutSections, type FormLayout } from './form-layout';
import { lockedByState, settleBody } from './form-rules';
import { useTranslate } from './use-translate';
import { clearRequestErrors } from '../../../providers/http';

/**
 * Where a form's record comes from and goes to when it is not a refine CRUD record: a settings
 * object reads `GET /v1/<name>/get` and saves `POST /v1/<name>/save`.
 */
export interface FormSource {
  /** The record to edit (undefined while loading). */
  readonly record: ApiRecord | undefined;
  readonly loading: boolean;
  readonly error?: unknown;
  /** Saves the body with the version read; resolves with the saved record. */
  readonly save: (body: Record<string, unknown>, version: unknown) => Promise<BaseRecord>;
  readonly reload: () => void;
}

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
  /** Sections shown, fields fixed or left out, steps (form-layout.tsx); default: every section. */
  readonly layout?: FormLayout;
  /** A record source other than refine's CRUD (settings objects); the form then always edits. */
  readonly source?: FormSource;
  /** Adding: the record whose values fill the form (`ResourceDef.copyable`). */
  readonly copyFrom?: string | number;
  /** Adding: values the form starts with over the defaults (a task opened from another detail, `?values=`). */
  readonly prefill?: Readonly<Record<string, unknown>>;
  /** Told when the user first changes a value, and when a save makes the form clean again. */
  readonly onDirtyChange?: (dirty: boolean) => void;
}

/** Some member of the object declares a default (the object kind's `toForm` gives it to a member left out). */
function hasMemberDefaults(field: ObjectField): boolean {
  return Object.values(field.fields).some((member) => member.defaultValue !== undefined);
}

/**
 * Form values of a new record: the declared defaults, then the values it was opened with (a
 * declared field's only), then the screen's fixed values.
 */
function defaultsOf(args: {
  resource: ResourceDef;
  t: Translate;
  fixed: Readonly<Record<string, unknown>>;
  prefill?: Readonly<Record<string, unknown>>;
}): Record<string, unknown> {
  const { resource, t, fixed } = args;
  const prefill = args.prefill ?? {};
  const values: Record<string, unknown> = {};
  for (const [name, field] of Object.entries(resource.fields)) {
    const declared = name in fixed ? fixed[name] : name in prefill && !field.serverManaged ? prefill[name] : field.defaultValue;
    // An object whose members declare defaults starts with them (a top-up rule's "every top-up").
    const value = declared === undefined && field.kind === 'object' && hasMemberDefaults(field) ? {} : declared;
    if (value === undefined) continue;
    const ctx = fieldContext({ resource, name, t });
    const convert = specFor(field).toForm;
    values[name] = convert ? convert(ctx, value) : value;
  }
  return values;
}

/**
 * What a copy keeps of a record: the fields a client writes on create, the title marked as a copy;
 * never the number, the state or what the server manages (a new record starts afresh).
 */
export function copiedValues(resource: ResourceDef, record: ApiRecord, t: Translate): ApiRecord {
  const kept: Record<string, unknown> = {};
  for (const [name, field] of Object.entries(resource.fields)) {
    if (
      field.serverManaged ||
      name === resource.states?.field ||
      name === resource.numbering?.field ||
      resource.fixedFilter?.[name] !== undefined
    )
      continue;
    if (record[name] !== undefined) kept[name] = record[name];
  }
  const title = record[resource.titleField];
  if (typeof title === 'string') kept[resource.titleField] = t('screens.copyOf', { name: title });
  return kept as ApiRecord;
}

// One empty object, so a layout without fixed values keeps the memoised defaults stable.
const NO_FIXED: Readonly<Record<string, unknown>> = {};

/**
 * The add / edit form of a declaration: its sections and fields, the declared rules, defaults on
 * add, read-only-after-create fields disabled on edit, the record's version sent with the change,
 * a 400's field messages on their fields, and a 409 explained with a way to reload.
 */
export function RecordForm(props: RecordFormProps) {
  const { resource, id, source } = props;
  const layout = props.layout ?? {};
  const editing = id !== undefined || source !== undefined;
  const t = useTranslate();
  const { message } = App.useApp();
  const [form] = Form.useForm();
  const [saving, setSaving] = useState(false);
  const [conflict, setConflict] = useState<string>();
  const dirty = useRef(false);
  const setDirty = (next: boolean) => {
    if (dirty.current === next) return;
    dirty.current = next;
    props.onDirtyChange?.(next);
  };
  const crudRecord = id !== undefined && source === undefined;
  const copying = !editing && props.copyFrom !== undefined;
  // A read of no record (an add form's, `info/` of '') is dropped as the form closes: left in the
  // cache without an observer, the next refresh of every read of the resource (a list's state
  // action after an add in a drawer) would fetch it and show 接口不存在.
  const one = useOne<BaseRecord>({
    resource: resource.name,
    id: id ?? '',
    queryOptions: { enabled: crudRecord, ...(crudRecord ? {} : { cacheTime: 0 }) },
    errorNotification: false,
  });
  const copy = useOne<BaseRecord>({
    resource: resource.name,
    id: props.copyFrom ?? '',
    queryOptions: { enabled: copying, ...(copying ? {} : { cacheTime: 0 }) },
    errorNotification: false,
  });
  const copied = copy.data?.data as ApiRecord | undefined;
  const { mutateAsync: create } = useCreate<BaseRecord, HttpError, Record<string, unknown>>();
  const { mutateAsync: update } = useUpdate<BaseRecord, HttpError, Record<string, unknown>>();
  const invalidate = useInvalidate();
  const record = (source ? source.record : one.data?.data) as ApiRecord | undefined;
  const loading = source ? source.loading : crudRecord && one.isLoading;
  const loadError = source ? source.error : crudRecord && one.isError ? one.error : undefined;
  const reload = () => (source ? source.reload() : void one.refetch());
  const sections = layoutSections(resource, layout);
  const fixed = layout.fixed ?? NO_FIXED;
  const prefillKey = JSON.stringify(props.prefill ?? null);
  const initial = useMemo(
    () => (editing ? {} : defaultsOf({ resource, t, fixed, prefill: props.prefill })),
    // `prefillKey` stands for the values.
    // eslint-disable-next-line react-hooks/exhaustive-deps
    [editing, resource, t, fixed, prefillKey],
  );

  useEffect(() => {
    if (record) form.setFieldsValue(recordToForm({ resource, record: { ...record }, t }));
  }, [record, form, resource, t]);
  useEffect(() => {
    if (copied) form.setFieldsValue(recordToForm({ resource, record: copiedValues(resource, copied, t), t }));
  }, [copied, form, resource, t]);

  if (editing && loading) return <Skeleton active />;
  if (editing && loadError) return <Result status="warning" title={errorText(loadError) || t('screens.notFound')} />;

  const submit = async (values: Record<string, unknown>) => {
    const shown = sections.flatMap((section) => section.fields);
    // Fixed values go with a new record even when their field is not shown; fields the record
    // keeps (read-only after creation, or in its state) are not sent.
    const names = [...new Set([...shown, ...(editing ? [] : Object.keys(fixed))])].filter(
      (name) =>
        !(editing && (resource.fields[name]?.readOnlyAfterCreate || lockedByState(resource, name, record))) &&
        // The engine draws a new record's number.
        !(!editing && resource.numbering?.field === name),
    );
    const all = { ...(form.getFieldsValue(true) as Record<string, unknown>), ...values, ...(editing ? {} : fixed) };
    const body = settleBody({ resource, body: formToBody({ resource, values: all, names, t }), values: all });
    setSaving(true);
    setConflict(undefined);
    try {
      const quiet = { successNotification: false, errorNotification: false } as const;
      const saved = source
        ? { data: await source.save(body, record?.version) }
        : editing
          ? await update({
              resource: resource.name,
              id: (record?.id as string | number | undefined) ?? id!,
              values: body,
              meta: { version: record?.version },
              mutationMode: 'pessimistic',
              ...quiet,
            })
          : await create({ resource: resource.name, values: body, ...quiet });
      // Every read of the resource, also one not on screen: the detail shown next is current.
      await invalidate({ resource: resource.name, invalidates: ['all'], invalidationFilters: { type: 'all', refetchType: 'all' } });
      clearRequestErrors();
      void message.success(t('screens.saved'));
      setDirty(false);
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
    <Form
      form={form}
      name={`${resource.name}-form`}
      layout="vertical"
      initialValues={initial}
      onFinish={submit}
      // Only the user's own changes count (values the form sets itself do not call this).
      onValuesChange={() => setDirty(true)}
      scrollToFirstError
    >
      {conflict ? (
        <Alert
          type="warning"
          showIcon
          message={conflict}
          style={{ marginBottom: 16 }}
          action={
            <Button
              size="small"
              onClick={() => {
                setConflict(undefined);
                reload();
              }}
            >
              {t('screens.reload')}
            </Button>
          }
        />
      ) : null}
      <FormBody
        resource={resource}
        form={form}
        sections={sections}
        layout={layout}
        editing={editing}
        record={record}
        columns={props.columns}
        t={t}
        saving={saving}
        onCancel={props.onCancel}
      />
    </Form>
  );
}
