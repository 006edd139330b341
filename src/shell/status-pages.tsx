/**
 * The pages that stand in for a screen (access denied, no licence, no content, not found) and the
 * spinner of a page on its way. The pages themselves are antd Results (status-results.tsx), a
 * chunk loaded when one is first shown, with this spinner meanwhile: the login page and every
 * screen that opens go without Result's illustrations.
 */
import { Spin } from 'antd';
import { lazy, Suspense, type ComponentType } from 'react';

/** The spinner of a page whose code or access decision is on its way. */
export function PageSpin() {
  return (
    <div className="console-page-spin">
      <Spin />
    </div>
  );
}

type Results = typeof import('./status-results');

/** A page of status-results.tsx, drawn once its chunk is there (its load failing like any screen's). */
function statusPage<P extends object>(pick: (m: Results) => ComponentType<P>): ComponentType<P> {
  const Lazy = lazy(() => import('./status-results').then((m) => ({ default: pick(m) as ComponentType<object> })));
  return function StatusPage(props: P) {
    return (
      <Suspense fallback={<PageSpin />}>
        <Lazy {...props} />
      </Suspense>
    );
  };
}

/** Shown instead of a screen the user may not open. */
export const DeniedResult = statusPage((m) => m.DeniedResult);
/** `/no-lisence`: the merchant's licence is invalid; only signing in again can help. */
export const NoLicencePage = statusPage((m) => m.NoLicencePage);
/** `/no-content`: signed in, but no menu entry is granted. */
export const NoContentPage = statusPage((m) => m.NoContentPage);
/** Inside the shell: a route with no screen (the `/analysis` shell). */
export const EmptyShellPage = statusPage((m) => m.EmptyShellPage);
/** Any unknown path; `homePath` (the first menu entry the user may open) comes from the caller. */
export const NotFoundPage = statusPage<{ readonly homePath: () => string }>((m) => m.NotFoundPage);
