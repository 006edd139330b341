import { defineDomain } from '../domain-manifest';
import { applicationCallsSource } from './application-calls.source';
import { applicationHooks } from './application.hooks';
import { applicationsRoutes } from './applications.routes';

/**
 * Applications that call the API with keys of their own (issue 31 §1): their keys (issue, list,
 * revoke) and their calls. The application itself is a declared resource
 * (resources/setting/application.resource.ts); who a key's call is, and the log of its calls,
 * belong to the access hook (server/modules/auth).
 */
export const applicationsDomain = defineDomain({
  name: 'applications',
  plugins: [{ name: 'applications', plugin: applicationsRoutes }],
  hooks: [applicationHooks],
  views: [applicationCallsSource],
});
