import { defineDomain } from '../domain-manifest';
import { ledgerJobsPlugin } from './gift-expiry.job';
import { ROLL_FORWARD_SOURCES } from './roll-forward.source';

/** The ledgers' posting algorithm; its job expires gift value; the liability roll-forwards over both books (query views). */
export const ledgerDomain = defineDomain({
  name: 'ledger',
  plugins: [{ name: 'ledger-jobs', plugin: ledgerJobsPlugin }],
  views: ROLL_FORWARD_SOURCES,
});
