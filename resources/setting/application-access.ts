import type { PermissionRef } from '../catalog/types';

/** Reading an application and what belongs to it (keys, calls, webhook, deliveries): viewing or configuring applications. */
export const APPLICATION_READ: readonly PermissionRef[] = [
  { resourceId: '设置/应用', action: 'view' },
  { resourceId: '设置/应用', action: 'configure' },
];

/** Changing an application and what belongs to it (keys, secret, resend): configuring applications. */
export const APPLICATION_WRITE: readonly PermissionRef[] = [{ resourceId: '设置/应用', action: 'configure' }];
