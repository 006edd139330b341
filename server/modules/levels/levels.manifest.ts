import { levelsSeeder, paidLevelOrdersSeeder } from '../../db/seed/levels.seed';
import { defineDomain } from '../domain-manifest';
import { levelHooks } from './level.hooks';
import { levelsPlugin } from './monthly-evaluation.job';
import { upgradeIncentiveHooks } from './upgrade-incentive.hooks';

/** Member levels: the declarations' hooks and the monthly evaluation job. */
export const levelsDomain = defineDomain({
  name: 'levels',
  plugins: [{ name: 'levels', plugin: levelsPlugin }],
  hooks: [levelHooks, upgradeIncentiveHooks],
  seed: [levelsSeeder, paidLevelOrdersSeeder],
});
