import { Form, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { FormModal } from '../../../components/form-modal';
import { copyUserRole } from '../shared/authorization-api';
import type { UserRow } from '../shared/user-api';
import { UserSelect } from './user-select';

/** Gives a user the roles of another user (copyUserRole). */
export function CopyRolesModal(props: { readonly user: UserRow; readonly onClose: () => void; readonly onDone: () => void }) {
  const { t } = useTranslation();
  const label = t('setting.user.copySource');
  return (
    <FormModal<{ fromUserId: number }>
      title={t('setting.user.copyRolesTitle', { name: props.user.name })}
      successText={t('setting.common.done')}
      onSubmit={(values) => copyUserRole(values.fromUserId, props.user.id)}
      onClose={props.onClose}
      onDone={props.onDone}
    >
      <Typography.Paragraph type="secondary">{t('setting.user.copyRolesHint', { name: props.user.name })}</Typography.Paragraph>
      <Form.Item name="fromUserId" label={label} rules={[{ required: true, message: t('validation.required', { label }) }]}>
        <UserSelect exclude={props.user.id} />
      </Form.Item>
    </FormModal>
  );
}
