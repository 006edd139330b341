/**
 * The console app: antd's theme and locale, the hash router and the route table. Translations
 * are already loaded when this renders (main.tsx). refine and its providers come with the
 * console's routes after sign-in (shell/console-routes.tsx): the login page renders without them.
 * The router is a data router (one splat route holding the route table) so that a changed form
 * can block the browser's Back button (components/use-discard-guard.tsx).
 */
import { LoadingOutlined } from '@ant-design/icons';
import { App as AntdApp, ConfigProvider } from 'antd';
import { useState } from 'react';
import { createHashRouter, RouterProvider } from 'react-router-dom';
import { useAntdLocale } from '../providers/i18n';
import { AntdScopeProvider } from './components/antd-scope';
import { useDateEnterGuard } from './components/date-enter-guard';
import { AppRoutes } from './shell/app-routes';
import { FeedbackBridge } from './shell/feedback-bridge';
import { LatestLocationContext } from './shell/navigation-pending';
import { CONSOLE_THEME } from './shell/theme';
import './shell/shell.css';

/**
 * Every spinner of the console (a page on its way, a list's first answer, a table's reload): one
 * turning ring, one animation. antd's own is four dots in a turning square, five animations, and a
 * phone's first list paid for them as the list opened: their start (about 20 ms on this machine,
 * its events dispatched through React's root listener) and their removal when the rows came.
 * The ring says nothing to a screen reader (the icon's own label is the English "loading"): the
 * spinner's box is `aria-busy`, as antd draws it.
 */
const SPIN = { indicator: <LoadingOutlined spin aria-hidden /> };

/** Theme, locale, feedback, the page-wide keyboard rules and the route table, inside the router. */
function AppRoot() {
  const locale = useAntdLocale();
  useDateEnterGuard();
  return (
    <ConfigProvider locale={locale} theme={CONSOLE_THEME} spin={SPIN}>
      <AntdScopeProvider>
        <AntdApp>
          <FeedbackBridge />
          <AppRoutes />
        </AntdApp>
      </AntdScopeProvider>
    </ConfigProvider>
  );
}

/** The whole browser app. */
export function App() {
  const [router] = useState(() => createHashRouter([{ path: '*', element: <AppRoot /> }], { future: { v7_relativeSplatPath: true } }));
  // The shell marks a move still rendering (shell/navigation-pending.ts): it reads the router's
  // latest address, which the transition's render lags behind.
  return (
    <LatestLocationContext.Provider value={router}>
      <RouterProvider router={router} future={{ v7_startTransition: true }} />
    </LatestLocationContext.Provider>
  );
}
