import { defineDomain } from '../domain-manifest';
import { authRoutes } from './auth.routes';
import { marketingCenterHooks } from './marketing-center.hooks';

/** Sign-in and sessions; the access hook itself is registered first by index.ts, before every domain. */
export const authDomain = defineDomain({
  name: 'auth',
  plugins: [{ name: 'auth', plugin: authRoutes }],
  hooks: [marketingCenterHooks],
  tags: [{ name: 'auth', description: "Sign-in, the session and the caller's permissions" }],
});
