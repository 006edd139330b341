import { defineDomain } from '../domain-manifest';
import { saleRoutes } from './sale.routes';

/** The till's sale, return and simulator. */
export const saleDomain = defineDomain({ name: 'sale', plugins: [{ name: 'sale', plugin: saleRoutes }] });
