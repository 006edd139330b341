import { membersSeeder } from '../../db/seed/members.seed';
import { defineDomain } from '../domain-manifest';
import { memberActivationRoutes } from './member-activation.routes';
import { dqshMemberHooks, marketcenterMemberHooks, memberHooks } from './member.hooks';
import { memberOverviewRoutes } from './member-overview.routes';

/** Members: the declarations' hooks, the overview and activation. */
export const membersDomain = defineDomain({
  name: 'members',
  plugins: [
    { name: 'members', plugin: memberOverviewRoutes },
    { name: 'member-activation', plugin: memberActivationRoutes },
  ],
  hooks: [memberHooks, dqshMemberHooks, marketcenterMemberHooks],
  seed: [membersSeeder],
});
