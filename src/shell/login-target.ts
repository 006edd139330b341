/**
 * Where the login page goes after a normal sign-in: the `to` it was sent with when that is a
 * console path, else the first menu entry the user may open. Loaded by the login page after
 * sign-in (it needs the catalogue, which the login page's own chunk does not carry).
 */
import { resolvePath } from '../../resources/catalog/index';
import { prefetchScreen } from '../screens/index';
import { homePath } from './menu';

/** Only a known console path is followed after login; anything else could lead off the app. */
export function loginTarget(to: string | null): string {
  const target = to && to.startsWith('/') && resolvePath(to) ? to : homePath();
  // Its screen loads while the console's shell draws.
  prefetchScreen(target);
  return target;
}
