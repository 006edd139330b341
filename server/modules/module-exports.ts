import type { ModuleExport } from './files/module-export';
import { activityEvaluationExport } from './activities/activity-evaluation.export';
import { pointsAccountsExport } from './points/points-accounts.export';
import { pointsLedgerExport } from './points/points-ledger.export';
import { queryViewExport } from '../crud/query-view.export';
import { QUERY_VIEW_SOURCES } from './query-views';

/**
 * The file-centre exports of hand-made lists (files/module-export.ts), by name: a module that
 * adds one adds a line here.
 */
export const MODULE_EXPORTS: ReadonlyMap<string, ModuleExport> = new Map([
  [pointsLedgerExport.name, pointsLedgerExport],
  [pointsAccountsExport.name, pointsAccountsExport],
  [activityEvaluationExport.name, activityEvaluationExport],
  // Every query view's export (server/crud/query-view.export.ts).
  ...QUERY_VIEW_SOURCES.map((source) => [source.view.name, queryViewExport(source)] as const),
]);
