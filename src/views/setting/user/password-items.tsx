import { Form, Input } from 'antd';
import { useTranslation } from 'react-i18next';

/**
 * A password and its confirmation, with the policy hint (and an optional note) under the first. The server applies the
 * tenant's policy and answers a 400 on `password`/`newPassword` when it is not met.
 */
export function PasswordItems(props: { readonly name: 'password' | 'newPassword'; readonly label: string; readonly note?: string }) {
  const { t } = useTranslation();
  const confirmLabel = t('setting.user.field.confirmPassword');
  return (
    <>
      <Form.Item
        name={props.name}
        label={props.label}
        extra={
          <>
            {t('setting.user.passwordHint')}
            {props.note ? <div>{props.note}</div> : null}
          </>
        }
        rules={[{ required: true, message: t('validation.required', { label: props.label }) }]}
      >
        <Input.Password autoComplete="new-password" />
      </Form.Item>
      <Form.Item
        name="confirmPassword"
        label={confirmLabel}
        dependencies={[props.name]}
        rules={[
          { required: true, message: t('validation.required', { label: confirmLabel }) },
          ({ getFieldValue }) => ({
            validator: (_rule, value) =>
              !value || getFieldValue(props.name) === value
                ? Promise.resolve()
                : Promise.reject(new Error(t('setting.user.passwordMismatch'))),
          }),
        ]}
      >
        <Input.Password autoComplete="new-password" />
      </Form.Item>
    </>
  );
}
