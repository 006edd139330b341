import { levelsSeeder, paidLevelOrdersSeeder } from '../../db/seed/levels.seed';
import { defineDomain } from '../domain-manifest';
import { feeLevelSource } from './fee-level.source';
import { levelHooks } from './level.hooks';
import { levelsPlugin } from './monthly-evaluation.job';
import { upgradeIncentiveHooks } from './upgrade-incentive.hooks';

/** Member levels: the declarations' hooks, the monthly evaluation job and the paid level report (a query view). */
export const levelsDomain = defineDomain({
  name: 'levels',
  plugins: [{ name: 'levels', plugin: levelsPlugin }],
  hooks: [levelHooks, upgradeIncentiveHooks],
  views: [feeLevelSource],
  seed: [levelsSeeder, paidLevelOrdersSeeder],
});
