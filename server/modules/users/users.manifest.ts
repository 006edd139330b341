import { defineDomain } from '../domain-manifest';
import { usersRoutes } from './users.routes';

/** The console's user accounts (`/v1/user/*`). */
export const usersDomain = defineDomain({ name: 'users', plugins: [{ name: 'users', plugin: usersRoutes }] });
