import { useTranslation } from 'react-i18next';
import { FormModal } from '../../../components/form-modal';
import { resetPassword, type UserRow } from '../shared/user-api';
import { PasswordItems } from './password-items';

/** Sets a new password for a user, who must change it at the next sign-in. */
export function ResetPasswordModal(props: { readonly user: UserRow; readonly onClose: () => void }) {
  const { t } = useTranslation();
  return (
    <FormModal<{ newPassword: string }>
      title={t('setting.user.resetPasswordTitle', { name: props.user.name })}
      successText={t('setting.common.done')}
      onSubmit={(values) => resetPassword(props.user.id, values.newPassword)}
      onClose={props.onClose}
    >
      <PasswordItems name="newPassword" label={t('setting.user.field.newPassword')} note={t('setting.user.resetPasswordHint')} />
    </FormModal>
  );
}
