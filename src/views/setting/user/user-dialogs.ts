import type { UserRow } from '../shared/user-api';

/** The dialog the user screen shows: none, a new user, or one acting on a row. */
export type UserDialog =
  | { readonly kind: 'create' }
  | { readonly kind: 'edit' | 'resetPassword' | 'assignRoles' | 'copyRoles'; readonly user: UserRow }
  | undefined;

/** Row dialogs a row's action links open. */
export type UserRowDialog = Exclude<NonNullable<UserDialog>['kind'], 'create'>;
