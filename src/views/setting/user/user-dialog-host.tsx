import { AssignRolesModal } from './assign-roles-modal';
import { CopyRolesModal } from './copy-roles-modal';
import { ResetPasswordModal } from './reset-password-modal';
import type { UserDialog } from './user-dialogs';
import { UserFormModal } from './user-form-modal';

/** Mounts the open dialog of the user screen, if any; each dialog starts fresh when opened. */
export function UserDialogHost(props: { readonly dialog: UserDialog; readonly onClose: () => void; readonly onDone: () => void }) {
  const { dialog, onClose, onDone } = props;
  switch (dialog?.kind) {
    case 'create':
      return <UserFormModal onClose={onClose} onDone={onDone} />;
    case 'edit':
      return <UserFormModal user={dialog.user} onClose={onClose} onDone={onDone} />;
    case 'resetPassword':
      return <ResetPasswordModal user={dialog.user} onClose={onClose} />;
    case 'assignRoles':
      return <AssignRolesModal user={dialog.user} onClose={onClose} onDone={onDone} />;
    case 'copyRoles':
      return <CopyRolesModal user={dialog.user} onClose={onClose} onDone={onDone} />;
    default:
      return null;
  }
}
