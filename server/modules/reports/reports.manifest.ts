import { defineDomain } from '../domain-manifest';
import { reportsJobsPlugin } from './daily-totals.upkeep';

/** The ledgers' daily totals the reports read: their fold job (the reports themselves are their domains' query views). */
export const reportsDomain = defineDomain({
  name: 'reports',
  plugins: [{ name: 'reports-jobs', plugin: reportsJobsPlugin }],
});
