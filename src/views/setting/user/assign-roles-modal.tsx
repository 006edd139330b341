import { Checkbox, Empty, Form, Spin } from 'antd';
import { useTranslation } from 'react-i18next';
import { FormModal } from '../../../components/form-modal';
import { saveUserRole } from '../shared/authorization-api';
import { useRoleOptions } from '../shared/use-role-options';
import type { UserRow } from '../shared/user-api';

/** Replaces the roles of a user, chosen from a checkbox list of all roles. */
export function AssignRolesModal(props: { readonly user: UserRow; readonly onClose: () => void; readonly onDone: () => void }) {
  const { t } = useTranslation();
  const roles = useRoleOptions();
  return (
    <FormModal<{ roleIds: number[] }>
      title={t('setting.user.assignRolesTitle', { name: props.user.name })}
      initialValues={{ roleIds: props.user.roles.map((role) => role.roleId) }}
      successText={t('setting.common.saved')}
      onSubmit={(values) => saveUserRole(props.user.id, values.roleIds ?? [])}
      onClose={props.onClose}
      onDone={props.onDone}
    >
      <Spin spinning={roles.loading}>
        {!roles.loading && roles.options.length === 0 ? <Empty description={t('setting.user.noRoles')} /> : null}
        <Form.Item name="roleIds">
          <Checkbox.Group options={roles.options} style={{ display: 'grid', gridTemplateColumns: 'repeat(2, minmax(0, 1fr))', gap: 8 }} />
        </Form.Item>
      </Spin>
    </FormModal>
  );
}
