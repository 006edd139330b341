import { Form, Input } from 'antd';
import { useTranslation } from 'react-i18next';
import { FormModal } from '../../../components/form-modal';
import { modifyRole, saveRole, type RoleInput, type RoleRow } from '../shared/authorization-api';

/** Creates a role, or given `role` changes its name and remark; `onDone` receives a new role's id. */
export function RoleFormModal(props: {
  readonly role?: RoleRow;
  readonly onClose: () => void;
  readonly onDone: (created?: { readonly roleId: number }) => void;
}) {
  const { t } = useTranslation();
  const { role } = props;
  const nameLabel = t('setting.role.field.name');
  const submit = (values: RoleInput) => {
    const input = { name: values.name.trim(), remark: values.remark?.trim() ?? '' };
    return role ? modifyRole({ ...input, roleId: role.roleId, version: role.version }) : saveRole(input);
  };
  return (
    <FormModal<RoleInput>
      title={t(role ? 'setting.role.edit' : 'setting.role.create')}
      initialValues={role ? { name: role.name, remark: role.remark ?? '' } : {}}
      successText={t('setting.common.saved')}
      onSubmit={submit}
      onClose={props.onClose}
      onDone={(result) => props.onDone(role ? undefined : (result as { roleId: number }))}
    >
      <Form.Item
        name="name"
        label={nameLabel}
        rules={[{ required: true, whitespace: true, message: t('validation.required', { label: nameLabel }) }]}
      >
        <Input maxLength={50} />
      </Form.Item>
      <Form.Item name="remark" label={t('setting.role.field.remark')}>
        <Input.TextArea rows={3} maxLength={200} />
      </Form.Item>
    </FormModal>
  );
}
