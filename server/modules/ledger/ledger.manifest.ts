import { defineDomain } from '../domain-manifest';
import { ledgerJobsPlugin } from './gift-expiry.job';

/** The ledgers' posting algorithm; its job expires gift value. */
export const ledgerDomain = defineDomain({ name: 'ledger', plugins: [{ name: 'ledger-jobs', plugin: ledgerJobsPlugin }] });
