/**
 * The route table of the console. The pages outside the shell (login, no licence, no content)
 * are in the entry chunk (the WeChat card's binding page, for members on their phones, in its own); every other path goes to the console's routes, loaded on demand with
 * the catalogue and the declarations (console-routes.tsx), so the login page does not grow with
 * each declared resource. The router's one Back blocker asks before a changed form is left
 * (components/use-discard-guard.tsx).
 */
import { Suspense } from 'react';
import { Navigate, Route, Routes } from 'react-router-dom';
import { wholeTableReady } from '../../providers/i18n';
import { DiscardGuardProvider } from '../components/use-discard-guard';
import { consoleStyles } from './console-styles';
import { lazyScreen, preloadScreen } from './lazy-screen';
import { LoginPage } from './login-page';
import { NoContentPage, NoLicencePage, PageSpin } from './status-pages';

// The console draws with the whole translation table, which may still be arriving when the
// login page was the first page of the visit (providers/i18n.ts).
// The binding page a WeChat card's holder opens on their phone (outside the shell, no session).
const WechatCardBindPage = lazyScreen({
  key: 'wechat-card-bind',
  loader: () => import('../views/member/wechat/wechat-card-bind-page').then((m) => ({ default: m.WechatCardBindPage })),
});

const CONSOLE = {
  key: 'console',
  // antd's styles of the console (a file written at build time) come with its code, and so does
  // the screen the page opened on (console-routes.tsx).
  loader: () =>
    Promise.all([
      import('./console-routes').then(async (m) => {
        await m.openingScreenLoaded;
        return m;
      }),
      wholeTableReady(),
      consoleStyles(),
    ]).then(([m]) => ({ default: m.ConsoleRoutes })),
};
const ConsoleRoutes = lazyScreen(CONSOLE);

/**
 * Loads the console's routes, styles and the screen the address names, for a start inside the
 * shell (main.tsx waits for it with the translations). Never rejects: a failure shows when the
 * routes mount.
 */
export function preloadConsole(): Promise<void> {
  return preloadScreen(CONSOLE).then(
    () => undefined,
    () => undefined,
  );
}

/** All routes. */
export function AppRoutes() {
  return (
    <DiscardGuardProvider>
      <Routes>
        <Route path="/" element={<Navigate to="/login" replace />} />
        <Route path="/login" element={<LoginPage />} />
        <Route path="/no-lisence" element={<NoLicencePage />} />
        <Route path="/no-content" element={<NoContentPage />} />
        <Route
          path="/wechat-card/:tenant"
          element={
            <Suspense fallback={<PageSpin />}>
              <WechatCardBindPage />
            </Suspense>
          }
        />
        <Route
          path="*"
          element={
            <Suspense fallback={<PageSpin />}>
              <ConsoleRoutes />
            </Suspense>
          }
        />
      </Routes>
    </DiscardGuardProvider>
  );
}
