import { defineDomain } from '../domain-manifest';
import { saleRoutes } from './sale.routes';
import { transAnalysisSource } from './trans-analysis.source';

/** The till's sale, return and simulator; the analysis of store member transactions (a query view). */
export const saleDomain = defineDomain({
  name: 'sale',
  plugins: [{ name: 'sale', plugin: saleRoutes }],
  views: [transAnalysisSource],
});
