/** The route table of the console: pages outside the shell, the shell's routes, not-found. */
import { Authenticated } from '@refinedev/core';
import { CatchAllNavigate } from '@refinedev/react-router-v6';
import { useMemo } from 'react';
import { Navigate, Route, Routes, useLocation } from 'react-router-dom';
import { LoginPage } from './login-page';
import { GuardedScreen, PageSpin } from './route-guard';
import { ShellLayout } from './shell-layout';
import { buildShellRoutes, type ShellRoute } from './shell-routes';
import { FILE_CENTRE_PATH, FileCentreRoute } from '../screens/files/file-centre-route';
import { EmptyShellPage, NoContentPage, NoLicencePage, NotFoundPage } from './status-pages';

/** A redirect that keeps the query, so `/g/e?id=7` still names record 7 at `/g/e/s?id=7`. */
function KeepQueryRedirect(props: { readonly to: string }) {
  const { search } = useLocation();
  return <Navigate to={`${props.to}${search}`} replace />;
}

function elementOf(route: ShellRoute) {
  if (route.kind === 'redirect') return <KeepQueryRedirect to={route.to} />;
  if (route.kind === 'empty') return <EmptyShellPage />;
  // The key resets the guard's decision when one screen's route gives way to another's.
  return <GuardedScreen key={route.path} screen={route.screen} loader={route.loader} />;
}

/** All routes. The shell requires a session; without one refine's check sends the user to /login. */
export function AppRoutes() {
  const shellRoutes = useMemo(() => buildShellRoutes(), []);
  return (
    <Routes>
      <Route path="/" element={<Navigate to="/login" replace />} />
      <Route path="/login" element={<LoginPage />} />
      <Route path="/no-lisence" element={<NoLicencePage />} />
      <Route path="/no-content" element={<NoContentPage />} />
      <Route
        element={
          <Authenticated key="console-shell" fallback={<CatchAllNavigate to="/login" />} loading={<PageSpin />}>
            <ShellLayout />
          </Authenticated>
        }
      >
        <Route path={FILE_CENTRE_PATH} element={<FileCentreRoute />} />
        {shellRoutes.map((route) => (
          <Route key={route.path} path={route.path} element={elementOf(route)} />
        ))}
      </Route>
      <Route path="*" element={<NotFoundPage />} />
    </Routes>
  );
}
