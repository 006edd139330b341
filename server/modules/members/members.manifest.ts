import { membersSeeder } from '../../db/seed/members.seed';
import { defineDomain } from '../domain-manifest';
import { memberActivationRoutes } from './member-activation.routes';
import { memberAnalysisSource } from './member-analysis.source';
import { dqshMemberHooks, marketcenterMemberHooks, memberHooks } from './member.hooks';
import { memberOverviewRoutes } from './member-overview.routes';

/** Members: the declarations' hooks, the overview and activation; store member growth (a query view). */
export const membersDomain = defineDomain({
  name: 'members',
  plugins: [
    { name: 'members', plugin: memberOverviewRoutes },
    { name: 'member-activation', plugin: memberActivationRoutes },
  ],
  hooks: [memberHooks, dqshMemberHooks, marketcenterMemberHooks],
  views: [memberAnalysisSource],
  seed: [membersSeeder],
});
