import { activitySeeder } from '../../db/seed/activity.seed';
import { defineDomain } from '../domain-manifest';
import { pointsAccountsExport } from './points-accounts.export';
import { pointsLedgerExport } from './points-ledger.export';
import { pointsReportRoutes } from './points-report.routes';
import { scoreInitHooks } from './points-settings.hooks';
import { pointsRoutes } from './points.routes';
import { scoreAdjustHooks } from './score-adjust.hooks';

/** The points ledger: spending, accounts and history, adjustments, settings, their exports. */
export const pointsDomain = defineDomain({
  name: 'points',
  plugins: [
    { name: 'points', plugin: pointsRoutes },
    { name: 'points-reports', plugin: pointsReportRoutes },
  ],
  hooks: [scoreAdjustHooks, scoreInitHooks],
  exports: [pointsLedgerExport, pointsAccountsExport],
  seed: [activitySeeder],
});
