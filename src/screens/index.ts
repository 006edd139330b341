/**
 * The one place the router asks which component draws a catalogue screen. A screen with no
 * component is neither routed nor listed in the menu.
 */
import type { ScreenRef } from '../../resources/catalog/index';
import type { ScreenLoader } from './manifest';
import { VIEW_SCREENS } from './manifests';
import { RESOURCE_SCREENS } from './resource-screens';

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
