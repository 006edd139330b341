import { defineDomain } from '../domain-manifest';
import { approvalsRoutes } from './approvals.routes';

/** What waits for a second person, gathered from the domains' queues (their manifests' `approvals`). */
export const approvalsDomain = defineDomain({
  name: 'approvals',
  plugins: [{ name: 'approvals', plugin: approvalsRoutes }],
  tags: [{ name: 'approvals', description: 'What waits for the caller’s approval as a second person' }],
});
