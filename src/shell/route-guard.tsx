/**
 * The route guard (§2, §6): before a screen renders, its access rule runs against the user's
 * grants with the route's query (the card template rules read `cardTemplateType` / `number`).
 * A refused screen is never rendered; the 403 page says 您未被授权访问此页面 in its place.
 */
import { startTransition, Suspense, useEffect, useMemo, useState } from 'react';
import { useLocation } from 'react-router-dom';
import { canOpenScreenNow, requiredForScreen } from '../../resources/access';
import type { ScreenRef } from '../../resources/catalog/index';
import { canOpen, storedGrants, storedSysConfig } from '../../providers/access-control';
import type { ScreenLoader } from '../screens/index';
import { screenKey } from '../screens/index';
import { lazyScreen } from './lazy-screen';
import { usePageTitle } from './page-title';
import { ScreenErrorBoundary } from './screen-error-boundary';
import { DeniedResult, PageSpin } from './status-pages';

type Decision = 'pending' | 'allowed' | 'denied';

/**
 * Decides, for the current location, whether the screen may open: at once from the stored grants
 * (the screen then draws in the render that mounts its route), or, for a card template opened by
 * its number, after looking the template's type up. Only a custom rule reads the query, so for
 * any other screen a change of query (a list opening or closing its drawer with `?view=&id=`)
 * asks nothing again: the screen stays mounted and keeps its filters and sort.
 */
export function useScreenAccess(ref: ScreenRef): Decision {
  const { search: locationSearch } = useLocation();
  const search = requiredForScreen(ref)?.custom === undefined ? '' : locationSearch;
  // The segments, not the ref: a caller's ref may be a new object on every render.
  const { group, entry, screen } = ref;
  const query = useMemo(() => Object.fromEntries(new URLSearchParams(search)), [search]);
  const now = useMemo(
    () => canOpenScreenNow({ group, entry, screen, query, grants: storedGrants(), sysConfig: storedSysConfig() }),
    [group, entry, screen, query],
  );
  const [looked, setLooked] = useState<{ readonly search: string; readonly decision: Decision }>();
  useEffect(() => {
    if (now !== undefined) return;
    let current = true;
    // The screen the answer lets in renders in a transition: in slices, answering taps meanwhile.
    const decide = (decision: Decision) => {
      if (current) startTransition(() => setLooked({ search, decision }));
    };
    canOpen({ group, entry, screen, query }).then(
      (allowed) => decide(allowed ? 'allowed' : 'denied'),
      () => decide('denied'),
    );
    // A later navigation must not be answered by an earlier, slower check.
    return () => {
      current = false;
    };
  }, [now, group, entry, screen, query, search]);
  if (now !== undefined) return now ? 'allowed' : 'denied';
  return looked?.search === search ? looked.decision : 'pending';
}

/** Renders a catalogue screen behind its access check, loading its code on demand. */
export function GuardedScreen(props: { readonly screen: ScreenRef; readonly loader: ScreenLoader }) {
  const decision = useScreenAccess(props.screen);
  usePageTitle(props.screen);
  if (decision === 'pending') return <PageSpin />;
  if (decision === 'denied') return <DeniedResult />;
  const Screen = lazyScreen({ key: screenKey(props.screen), loader: props.loader });
  return (
    <ScreenErrorBoundary>
      <Suspense fallback={<PageSpin />}>
        <Screen />
      </Suspense>
    </ScreenErrorBoundary>
  );
}
