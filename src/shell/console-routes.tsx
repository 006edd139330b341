/**
 * The console's routes: the shell (layout, menu, guarded screens) for every catalogue path, the
 * file centre, and not-found. Loaded on demand by app-routes.tsx, so the catalogue and the
 * declarations (and the refine resources derived from them) are not part of the login page's
 * chunk, however many resources are declared.
 */
import { Refine } from '@refinedev/core';
import routerBindings, { CatchAllNavigate } from '@refinedev/react-router-v6';
import { useMemo, type ReactNode } from 'react';
import { acceptAccessRules, accessControlProvider, decisionNow } from '../../providers/access-control';
import * as accessRules from '../../resources/access';
import { authProvider, isSignedIn } from '../../providers/auth';
import { dataProvider } from '../../providers/data';
import { i18nProvider } from '../../providers/i18n';
import { Navigate, Route, Routes, useLocation } from 'react-router-dom';
import { FILE_CENTRE_PATH, FileCentreRoute } from '../screens/files/file-centre-route';
import { ImmediateDecisions } from '../components/immediate-decisions';
import { prefetchScreen } from '../screens/index';
import { refineResources } from '../screens/resource-screens';
import { homePath } from './menu';
import { useShellNotifications } from './notifications';
import { GuardedScreen } from './route-guard';
import { ShellLayout } from './shell-layout';
import { buildShellRoutes, type ShellRoute } from './shell-routes';
import { EmptyShellPage, NotFoundPage } from './status-pages';

// The access rules are part of this code (the route guard decides with them): the provider's
// immediate answers use them from the first screen on.
acceptAccessRules(accessRules);

// Derived once from the declarations: refine looks resources up by name on every hook call.
const RESOURCES = refineResources();

/**
 * The screen the page opened on (a reload, a link) loads with the console's code, beside the
 * translations: the start waits for both (app-routes.tsx), and the shell and that screen then
 * draw in one pass. Never rejects.
 */
export const openingScreenLoaded: Promise<void> = prefetchScreen(window.location.hash.replace(/^#/, ''));

/**
 * The shell for a signed-in user, else the login page (which comes back here after sign-in).
 * Read from the session's stored state at once: the shell and its screen draw in the same render
 * as the route, instead of a spinner first while an asynchronous check answers.
 */
function SignedIn(props: { readonly children: ReactNode }) {
  return isSignedIn() ? props.children : <CatchAllNavigate to="/login" />;
}

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

/**
 * The shell requires a session; without one refine's check sends the user to /login. refine
 * (with the providers and the resources derived from the declarations) lives here, in the
 * console's chunk, not in the login page's.
 */
export function ConsoleRoutes() {
  const shellRoutes = useMemo(() => buildShellRoutes(), []);
  return (
    <Refine
      routerProvider={routerBindings}
      dataProvider={dataProvider}
      authProvider={authProvider}
      accessControlProvider={accessControlProvider}
      i18nProvider={i18nProvider}
      notificationProvider={useShellNotifications}
      resources={RESOURCES}
      options={{
        disableTelemetry: true,
        // refine's "loading for N s" counter sets state in every data hook each second an answer
        // takes, drawing the screen again each time (a phone's list on a slow link twice or more
        // while it waited); the console shows its spinners and reads no such counter.
        overtime: { enabled: false, interval: 1000 },
        reactQuery: {
          // A failed call has been reported once; retrying would report it again.
          clientConfig: { defaultOptions: { queries: { retry: false, refetchOnWindowFocus: false } } },
        },
      }}
    >
      <ImmediateDecisions.Provider value={decisionNow}>
        <ConsoleShellRoutes shellRoutes={shellRoutes} />
      </ImmediateDecisions.Provider>
    </Refine>
  );
}

function ConsoleShellRoutes({ shellRoutes }: { readonly shellRoutes: readonly ShellRoute[] }) {
  return (
    <Routes>
      <Route
        element={
          <SignedIn>
            <ShellLayout />
          </SignedIn>
        }
      >
        <Route path={FILE_CENTRE_PATH} element={<FileCentreRoute />} />
        {shellRoutes.map((route) => (
          <Route key={route.path} path={route.path} element={elementOf(route)} />
        ))}
      </Route>
      <Route path="*" element={<NotFoundPage homePath={homePath} />} />
    </Routes>
  );
}
