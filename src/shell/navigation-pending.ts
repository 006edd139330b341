/**
 * Whether the address has moved on while the screen still shows the last one. The router renders
 * a new address in a React transition (App.tsx, `v7_startTransition`): the screen it leaves stays
 * on screen, and answers taps, until the next one has rendered, on a shop's tablet for a second or
 * more. The shell shows that it is on its way (shell-layout.tsx) so that nobody types into a
 * screen that is about to go.
 */
import { createContext, useContext, useEffect, useState } from 'react';
import { useLocation } from 'react-router-dom';

/** What the hook needs of the app's data router: its latest address and a way to follow it. */
export interface LatestLocationSource {
  readonly state: { readonly location: { readonly key: string } };
  subscribe(listener: (state: { readonly location: { readonly key: string } }) => void): () => void;
}

/** The app's router, provided by App.tsx (absent in component tests: never pending there). */
export const LatestLocationContext = createContext<LatestLocationSource | undefined>(undefined);

/** True while the router has moved to an address the screen has not drawn yet. */
export function useNavigationPending(): boolean {
  const router = useContext(LatestLocationContext);
  const shown = useLocation();
  // Set outside the router's transition, so the shell draws the mark at once.
  const [latest, setLatest] = useState(() => router?.state.location.key);
  useEffect(() => router?.subscribe((state) => setLatest(state.location.key)), [router]);
  return latest !== undefined && latest !== shown.key;
}
