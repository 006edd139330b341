/**
 * The password change form, used by the login page (expired or reset password, with the login's
 * reset token and no old password) and by the header's dialog (old password required).
 */
import { LockOutlined } from '@ant-design/icons';
import { Alert, Button, Form, Input } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { changePassword } from '../../providers/auth';

interface Values {
  readonly oldPassword?: string;
  readonly newPassword: string;
  readonly confirm: string;
}

/** Letters and digits, at least 8: the strict policy a merchant may switch on (`useStrict`). */
const STRICT_PASSWORD = /^(?=.*[A-Za-z])(?=.*\d).{8,}$/;

/** Props of {@link ChangePasswordForm}. */
export interface ChangePasswordFormProps {
  /** The reset token of an expired-password login; without it the old password is asked. */
  readonly resetToken?: string;
  /** The password just typed at login; sent with the reset token, never shown. */
  readonly knownOldPassword?: string;
  /** Whether the merchant enforces the strict password policy. */
  readonly strict?: boolean;
  /** A note shown above the fields (why the change is needed). */
  readonly notice?: string;
  /** Called after the server accepted the new password. */
  readonly onDone: () => void;
  /** A secondary action under the submit button (back to sign-in, cancel). */
  readonly secondary?: { readonly label: string; readonly onClick: () => void };
}

/** The form; server failures are shown above the fields in the server's words. */
export function ChangePasswordForm(props: ChangePasswordFormProps) {
  const { t } = useTranslation();
  const [form] = Form.useForm<Values>();
  const [error, setError] = useState<string>();
  const [busy, setBusy] = useState(false);
  const withOld = props.resetToken === undefined;

  const submit = async (values: Values) => {
    setBusy(true);
    setError(undefined);
    try {
      await changePassword({
        newPassword: values.newPassword,
        ...(withOld
          ? { oldPassword: values.oldPassword }
          : { resetToken: props.resetToken, ...(props.knownOldPassword ? { oldPassword: props.knownOldPassword } : {}) }),
      });
      form.resetFields();
      props.onDone();
    } catch (failure) {
      setError(failure instanceof Error ? failure.message : String(failure));
    } finally {
      setBusy(false);
    }
  };

  const required = (labelKey: string) => ({ required: true, message: t('validation.required', { label: t(labelKey) }) });

  return (
    <Form form={form} layout="vertical" requiredMark={false} onFinish={(values) => void submit(values)}>
      {props.notice && <Alert type="warning" showIcon message={props.notice} className="console-form-alert" />}
      {error && <Alert type="error" showIcon message={error} className="console-form-alert" />}
      {withOld && (
        <Form.Item name="oldPassword" label={t('shell.password.old')} rules={[required('shell.password.old')]}>
          <Input.Password prefix={<LockOutlined />} autoComplete="current-password" />
        </Form.Item>
      )}
      <Form.Item
        name="newPassword"
        label={t('shell.password.new')}
        extra={props.strict ? t('shell.password.strictHint') : undefined}
        rules={[
          required('shell.password.new'),
          ...(props.strict ? [{ pattern: STRICT_PASSWORD, message: t('shell.password.weak') }] : []),
          ({ getFieldValue }) => ({
            validator: (_, value: string | undefined) =>
              withOld && value && value === getFieldValue('oldPassword')
                ? Promise.reject(new Error(t('shell.password.sameAsOld')))
                : Promise.resolve(),
          }),
        ]}
      >
        <Input.Password prefix={<LockOutlined />} autoComplete="new-password" />
      </Form.Item>
      <Form.Item
        name="confirm"
        label={t('shell.password.confirm')}
        dependencies={['newPassword']}
        rules={[
          required('shell.password.confirm'),
          ({ getFieldValue }) => ({
            validator: (_, value: string | undefined) =>
              !value || value === getFieldValue('newPassword')
                ? Promise.resolve()
                : Promise.reject(new Error(t('shell.password.mismatch'))),
          }),
        ]}
      >
        <Input.Password prefix={<LockOutlined />} autoComplete="new-password" />
      </Form.Item>
      <Button type="primary" htmlType="submit" block loading={busy}>
        {t('shell.password.submit')}
      </Button>
      {props.secondary && (
        <Button type="link" block onClick={props.secondary.onClick} className="console-form-secondary">
          {props.secondary.label}
        </Button>
      )}
    </Form>
  );
}
