import { App, Modal } from 'antd';
import { useTranslation } from 'react-i18next';
import { storedUser } from '../../providers/auth';
import { ChangePasswordForm } from './change-password-form';

/** The header's change-password dialog for a signed-in user. */
export function ChangePasswordDialog(props: { readonly open: boolean; readonly onClose: () => void }) {
  const { t } = useTranslation();
  const { message } = App.useApp();
  return (
    <Modal open={props.open} title={t('shell.password.title')} footer={null} onCancel={props.onClose} destroyOnHidden width={420}>
      <ChangePasswordForm
        strict={storedUser()?.useStrict === true}
        onDone={() => {
          void message.success(t('shell.password.changed'));
          props.onClose();
        }}
      />
    </Modal>
  );
}
