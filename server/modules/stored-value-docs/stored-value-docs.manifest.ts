import { storedValueDocsSeeder } from '../../db/seed/stored-value-docs.seed';
import { defineDomain } from '../domain-manifest';
import { storeValueAdjustHooks } from './store-value-adjust.hooks';
import { storeValueInitHooks } from './store-value-init.hooks';
import { valueHistorySource } from './value-history.source';

/** Stored-value documents (opening balances, adjustments) and the value history (a query view, with its export). */
export const storedValueDocsDomain = defineDomain({
  name: 'stored-value-docs',
  hooks: [storeValueAdjustHooks, storeValueInitHooks],
  views: [valueHistorySource],
  seed: [storedValueDocsSeeder],
});
