import type { NotificationProvider } from '@refinedev/core';
import { useNotificationProvider } from '@refinedev/antd';
import { useMemo } from 'react';

/**
 * refine's notifications, minus failures: every failed call has already been reported once by
 * the HTTP client (toast, sign-in dialog or no-licence page), and a second, generic refine
 * notification would only repeat it. Success and progress notices pass through.
 */
export function useShellNotifications(): NotificationProvider {
  const antd = useNotificationProvider();
  return useMemo(
    () => ({
      open: (params) => {
        if (params.type !== 'error') antd.open(params);
      },
      close: (key) => antd.close(key),
    }),
    [antd],
  );
}
