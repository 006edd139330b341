import type { ModuleExport } from './files/module-export';
import { activityEvaluationExport } from './activities/activity-evaluation.export';
import { pointsAccountsExport } from './points/points-accounts.export';
import { pointsLedgerExport } from './points/points-ledger.export';
import { valueHistoryExport } from './stored-value-docs/value-history.export';

/**
 * The file-centre exports of hand-made lists (files/module-export.ts), by name: a module that
 * adds one adds a line here.
 */
export const MODULE_EXPORTS: ReadonlyMap<string, ModuleExport> = new Map([
  [pointsLedgerExport.name, pointsLedgerExport],
  [valueHistoryExport.name, valueHistoryExport],
  [pointsAccountsExport.name, pointsAccountsExport],
  [activityEvaluationExport.name, activityEvaluationExport],
]);
