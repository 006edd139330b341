import { activitySeeder } from '../../db/seed/activity.seed';
import { defineDomain } from '../domain-manifest';
import { pointsAccountsSource } from './points-accounts.source';
import { pointsEntriesSource } from './points-entries.source';
import { pointsReportRoutes } from './points-report.routes';
import { scoreInitHooks } from './points-settings.hooks';
import { pointsRoutes } from './points.routes';
import { scoreAdjustHooks } from './score-adjust.hooks';
import { scoreReportSource } from './score-report.source';

/** The points ledger: spending, accounts and history (query views), the points report, adjustments, settings. */
export const pointsDomain = defineDomain({
  name: 'points',
  plugins: [
    { name: 'points', plugin: pointsRoutes },
    { name: 'points-reports', plugin: pointsReportRoutes },
  ],
  hooks: [scoreAdjustHooks, scoreInitHooks],
  views: [pointsEntriesSource, pointsAccountsSource, scoreReportSource],
  seed: [activitySeeder],
});
