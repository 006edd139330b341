import { fuelSalesSeeder } from '../../db/seed/fuel-sales.seed';
import { defineDomain } from '../domain-manifest';
import { PASO_REPORT_SOURCES } from './paso-report.source';
import { saleRoutes } from './sale.routes';
import { transAnalysisSource } from './trans-analysis.source';

/** The till's sale, return and simulator; the analysis of store member transactions and the fuel reports (query views). */
export const saleDomain = defineDomain({
  name: 'sale',
  plugins: [{ name: 'sale', plugin: saleRoutes }],
  views: [transAnalysisSource, ...PASO_REPORT_SOURCES],
  seed: [fuelSalesSeeder],
});
