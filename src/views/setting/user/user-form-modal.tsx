import { Form, Input, Select } from 'antd';
import { useTranslation } from 'react-i18next';
import { FormModal } from '../../../components/form-modal';
import { useRoleOptions } from '../shared/use-role-options';
import { modifyUser, saveNewUser, type UserRow } from '../shared/user-api';
import { PasswordItems } from './password-items';

interface UserFormValues {
  login: string;
  name: string;
  mobile?: string;
  email?: string;
  password: string;
  confirmPassword: string;
  roleIds: number[];
}

function blankToNull(value: string | undefined): string | null {
  return value === undefined || value.trim() === '' ? null : value.trim();
}

/**
 * Creates a user (login, name, contacts, initial password, roles) or, given `user`, edits its
 * name and contacts. The login never changes once created.
 */
export function UserFormModal(props: { readonly user?: UserRow; readonly onClose: () => void; readonly onDone: () => void }) {
  const { t } = useTranslation();
  const { user } = props;
  const roles = useRoleOptions();
  const label = (field: string) => t(`setting.user.field.${field}`);
  const required = (field: string) => [{ required: true, whitespace: true, message: t('validation.required', { label: label(field) }) }];

  const submit = (values: UserFormValues) => {
    if (user) {
      return modifyUser({
        id: user.id,
        name: values.name.trim(),
        mobile: blankToNull(values.mobile),
        email: blankToNull(values.email),
        version: user.version,
      });
    }
    const mobile = blankToNull(values.mobile);
    const email = blankToNull(values.email);
    return saveNewUser({
      login: values.login.trim(),
      name: values.name.trim(),
      ...(mobile !== null ? { mobile } : {}),
      ...(email !== null ? { email } : {}),
      password: values.password,
      roleIds: values.roleIds ?? [],
    });
  };

  return (
    <FormModal<UserFormValues>
      title={t(user ? 'setting.user.edit' : 'setting.user.create')}
      initialValues={user ? { login: user.login, name: user.name, mobile: user.mobile ?? '', email: user.email ?? '' } : { roleIds: [] }}
      successText={t('setting.common.saved')}
      onSubmit={submit}
      onClose={props.onClose}
      onDone={props.onDone}
    >
      <Form.Item name="login" label={label('login')} rules={required('login')}>
        <Input disabled={user !== undefined} autoComplete="off" />
      </Form.Item>
      <Form.Item name="name" label={label('name')} rules={required('name')}>
        <Input />
      </Form.Item>
      <Form.Item name="mobile" label={label('mobile')}>
        <Input />
      </Form.Item>
      <Form.Item name="email" label={label('email')} rules={[{ type: 'email', message: t('validation.type', { label: label('email') }) }]}>
        <Input />
      </Form.Item>
      {user ? null : (
        <>
          <PasswordItems name="password" label={label('password')} />
          <Form.Item name="roleIds" label={label('roles')}>
            <Select mode="multiple" allowClear loading={roles.loading} options={roles.options} optionFilterProp="label" />
          </Form.Item>
        </>
      )}
    </FormModal>
  );
}
