import { Form, Select, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { FormModal } from '../../../components/form-modal';
import { copyRolePermissions, type RoleRow } from '../shared/authorization-api';
import { useRoleOptions } from '../shared/use-role-options';

/** Gives a role the permissions of another role (copyRolePermissions); the editor then reloads. */
export function CopyPermissionsModal(props: { readonly role: RoleRow; readonly onClose: () => void; readonly onDone: () => void }) {
  const { t } = useTranslation();
  const roles = useRoleOptions(props.role.roleId);
  const label = t('setting.role.copySource');
  return (
    <FormModal<{ fromRoleId: number }>
      title={t('setting.role.copyPermissionsTitle', { name: props.role.name })}
      successText={t('setting.common.done')}
      onSubmit={(values) => copyRolePermissions(values.fromRoleId, props.role.roleId)}
      onClose={props.onClose}
      onDone={props.onDone}
    >
      <Typography.Paragraph type="secondary">{t('setting.role.copyPermissionsHint', { name: props.role.name })}</Typography.Paragraph>
      <Form.Item name="fromRoleId" label={label} rules={[{ required: true, message: t('validation.required', { label }) }]}>
        <Select showSearch optionFilterProp="label" loading={roles.loading} options={roles.options} />
      </Form.Item>
    </FormModal>
  );
}
