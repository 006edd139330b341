import { defineDomain } from '../domain-manifest';
import { authorizationRoutes } from './authorization.routes';

/** Roles and their grants (`/v1/authorization/*`). */
export const authorizationDomain = defineDomain({
  name: 'authorization',
  plugins: [{ name: 'authorization', plugin: authorizationRoutes }],
});
