import type { NotificationProvider } from '@refinedev/core';
import { App } from 'antd';
import { useMemo } from 'react';

/**
 * refine's notifications, shown with antd's notification of the app's context, minus failures:
 * every failed call has already been reported once by the HTTP client (toast, sign-in dialog or
 * no-licence page), and a second, generic refine notification would only repeat it. Success
 * and progress notices pass through (no mutation is undoable here, so a progress notice is a
 * plain one). Written here rather than taken from @refinedev/antd, whose import brings its
 * whole component set.
 */
export function useShellNotifications(): NotificationProvider {
  const { notification } = App.useApp();
  return useMemo(
    () => ({
      open: ({ key, message, description, type }) => {
        if (type === 'error') return;
        notification.open({ key, description: message, message: description ?? null, type: type === 'progress' ? 'info' : type });
      },
      close: (key) => notification.destroy(key),
    }),
    [notification],
  );
}
