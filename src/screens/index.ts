/**
 * The one place the router asks which component draws a catalogue screen. A screen with no
 * component is neither routed nor listed in the menu.
 */
import { resolvePath, type ScreenRef } from '../../resources/catalog/index';
import type { ScreenLoader } from './manifest';
import { VIEW_SCREENS } from './manifests';
import { RESOURCE_SCREENS } from './resource-screens';
import { preloadScreen } from '../shell/lazy-screen';

export type { ScreenLoader } from './manifest';

/** The registry key of a screen: `group/entry/screen`. */
export function screenKey(ref: ScreenRef): string {
  return `${ref.group}/${ref.entry}/${ref.screen}`;
}

/**
 * The loader of a screen's component: a hand-made view (slot override) first, then the
 * resource engine's generic screen; undefined when no component exists for the route (it then stays out of the menu and the router).
 */
export function screenFor(ref: ScreenRef): ScreenLoader | undefined {
  const key = screenKey(ref);
  return VIEW_SCREENS[key] ?? RESOURCE_SCREENS[key];
}

/** True when a screen has a component (the menu and the router skip the others). */
export function isImplemented(ref: ScreenRef): boolean {
  return screenFor(ref) !== undefined;
}

/**
 * Starts loading the screen a path opens (its code, declaration and slots), ahead of the checks
 * that come before it is drawn (the session, the screen's access rule): on a slow link each is a
 * round trip the screen's chunks need not wait for. The route that mounts the screen later finds
 * its component loaded and draws it at once (shell/lazy-screen.tsx). Resolves when the code is
 * there, or at once for a path that is no screen; never rejects (the route reports a failure).
 */
export function prefetchScreen(path: string): Promise<void> {
  const ref = resolvePath(path);
  const loader = ref ? screenFor(ref) : undefined;
  if (!ref || !loader) return Promise.resolve();
  return preloadScreen({ key: screenKey(ref), loader }).then(
    () => undefined,
    () => undefined,
  );
}
