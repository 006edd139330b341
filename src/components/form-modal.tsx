import { App, Form, Modal } from 'antd';
import type { FormInstance } from 'antd';
import { useState, type ReactNode } from 'react';
import { applyFieldErrors } from './field-errors';
import { useErrorReporter } from './use-action';
import { useDiscardGuard } from './use-discard-guard';

/** Props of {@link FormModal}. */
export interface FormModalProps<V> {
  /** Dialog title. */
  readonly title: ReactNode;
  /** The form's starting values. */
  readonly initialValues?: Partial<V>;
  /** Saves the values; a rejection keeps the dialog open and shows the server's errors. */
  readonly onSubmit: (values: V) => Promise<unknown>;
  /** Shown as a success message after `onSubmit` resolved. */
  readonly successText: string;
  /** Closes the dialog (cancel, or after success). */
  readonly onClose: () => void;
  /** Called with what `onSubmit` resolved to after a successful save, before closing (reload the list, select the new record). */
  readonly onDone?: (result: unknown) => void;
  /** Form items; a function receives the form instance (for dependent fields). */
  readonly children: ReactNode | ((form: FormInstance<V>) => ReactNode);
  readonly width?: number;
}

/**
 * A modal form that is open while it is mounted: validates, submits, reports success, and puts a
 * 400 answer's `data.fields` messages on the matching form items (any other error becomes a
 * message). Parents mount it when the dialog opens, so every opening starts from fresh values.
 */
export function FormModal<V extends object>(props: FormModalProps<V>) {
  const [form] = Form.useForm<V>();
  const [saving, setSaving] = useState(false);
  const { message } = App.useApp();
  const reportError = useErrorReporter();
  // Closing a dialog whose fields the user changed (Esc, ×, Cancel, the browser's Back) asks
  // before discarding them.
  const guard = useDiscardGuard(() => form.isFieldsTouched(), props.onClose);

  const submit = async () => {
    let values: V;
    try {
      values = await form.validateFields();
    } catch {
      return; // antd shows the failed rules on the fields
    }
    setSaving(true);
    try {
      const result = await props.onSubmit(values);
      void message.success(props.successText);
      guard.saved(() => {
        props.onDone?.(result);
        props.onClose();
      });
    } catch (error) {
      if (!applyFieldErrors(form, error)) reportError(error);
    } finally {
      setSaving(false);
    }
  };

  return (
    <Modal
      open
      title={props.title}
      width={props.width}
      confirmLoading={saving}
      onOk={() => void submit()}
      onCancel={() => guard(props.onClose)}
      maskClosable={false}
    >
      <Form<V> form={form} layout="vertical" initialValues={props.initialValues} onFinish={() => void submit()}>
        {typeof props.children === 'function' ? props.children(form) : props.children}
      </Form>
    </Modal>
  );
}
