/**
 * The console app: antd's theme and locale, the hash router and the route table. Translations
 * are already loaded when this renders (main.tsx). refine and its providers come with the
 * console's routes after sign-in (shell/console-routes.tsx): the login page renders without them.
 */
import { App as AntdApp, ConfigProvider } from 'antd';
import { HashRouter } from 'react-router-dom';
import { useAntdLocale } from '../providers/i18n';
import { AppRoutes } from './shell/app-routes';
import { FeedbackBridge } from './shell/feedback-bridge';
import { CONSOLE_THEME } from './shell/theme';
import './shell/shell.css';

/** The whole browser app. */
export function App() {
  const locale = useAntdLocale();
  return (
    <HashRouter future={{ v7_startTransition: true, v7_relativeSplatPath: true }}>
      <ConfigProvider locale={locale} theme={CONSOLE_THEME}>
        <AntdApp>
          <FeedbackBridge />
          <AppRoutes />
        </AntdApp>
      </ConfigProvider>
    </HashRouter>
  );
}
