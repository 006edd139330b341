import { defineDomain } from '../domain-manifest';
import { customerGroupHooks, memberTagHooks, memberTagLinkHooks } from './audience.hooks';
import { audienceJobsPlugin } from './audience.jobs';
import { groupMembersExport } from './group-members.export';

/** Audiences (precision marketing): tags, who holds them and why, customer groups; their background computations. */
export const audiencesDomain = defineDomain({
  name: 'audiences',
  plugins: [{ name: 'audience-jobs', plugin: audienceJobsPlugin }],
  hooks: [memberTagHooks, memberTagLinkHooks, customerGroupHooks],
  exports: [groupMembersExport],
});
