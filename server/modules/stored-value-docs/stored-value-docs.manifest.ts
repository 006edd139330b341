import { storedValueDocsSeeder } from '../../db/seed/stored-value-docs.seed';
import { defineDomain } from '../domain-manifest';
import { storeValueAdjustHooks } from './store-value-adjust.hooks';
import { storeValueInitHooks } from './store-value-init.hooks';
import { valueApprovalSettingHooks } from './value-approval-setting.hooks';
import { storeValueReportSource } from './store-value-report.source';
import { valueHistorySource } from './value-history.source';

/**
 * Stored-value documents (opening balances, adjustments), the value history and the stored-value
 * report (query views, with their exports) and the value approval rule's settings (who may read and save them).
 */
export const storedValueDocsDomain = defineDomain({
  name: 'stored-value-docs',
  hooks: [storeValueAdjustHooks, storeValueInitHooks, valueApprovalSettingHooks],
  views: [valueHistorySource, storeValueReportSource],
  seed: [storedValueDocsSeeder],
});
