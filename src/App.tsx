/**
 * The console app: antd's theme and locale, the hash router, refine with the project's
 * providers, and the route table. Translations are already loaded when this renders (main.tsx).
 */
import { Refine } from '@refinedev/core';
import routerBindings from '@refinedev/react-router-v6';
import { App as AntdApp, ConfigProvider } from 'antd';
import { HashRouter } from 'react-router-dom';
import { accessControlProvider } from '../providers/access-control';
import { authProvider } from '../providers/auth';
import { dataProvider } from '../providers/data';
import { i18nProvider, useAntdLocale } from '../providers/i18n';
import { AppRoutes } from './shell/app-routes';
import { FeedbackBridge } from './shell/feedback-bridge';
import { useShellNotifications } from './shell/notifications';
import { useRefineResources } from './shell/refine-resources';
import { CONSOLE_THEME } from './shell/theme';
import './shell/shell.css';

/** The whole browser app. */
export function App() {
  const locale = useAntdLocale();
  // Empty until the console's chunk (with the declarations) has loaded: the login page needs none.
  const resources = useRefineResources();
  return (
    <HashRouter future={{ v7_startTransition: true, v7_relativeSplatPath: true }}>
      <ConfigProvider locale={locale} theme={CONSOLE_THEME}>
        <AntdApp>
          <FeedbackBridge />
          <Refine
            routerProvider={routerBindings}
            dataProvider={dataProvider}
            authProvider={authProvider}
            accessControlProvider={accessControlProvider}
            i18nProvider={i18nProvider}
            notificationProvider={useShellNotifications}
            resources={resources}
            options={{
              disableTelemetry: true,
              reactQuery: {
                // A failed call has been reported once; retrying would report it again.
                clientConfig: { defaultOptions: { queries: { retry: false, refetchOnWindowFocus: false } } },
              },
            }}
          >
            <AppRoutes />
          </Refine>
        </AntdApp>
      </ConfigProvider>
    </HashRouter>
  );
}
