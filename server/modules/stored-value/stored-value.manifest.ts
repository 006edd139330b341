import { storedValueSeeder } from '../../db/seed/stored-value.seed';
import { defineDomain } from '../domain-manifest';
import { storeValueAccountHooks } from './store-value-account.hooks';
import { storedValueRoutes } from './stored-value.routes';

/** Stored value at the till: recharge, pay, refund; the accounts' hooks. */
export const storedValueDomain = defineDomain({
  name: 'stored-value',
  plugins: [{ name: 'stored-value', plugin: storedValueRoutes }],
  hooks: [storeValueAccountHooks],
  seed: [storedValueSeeder],
});
