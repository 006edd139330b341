import { couponsSeeder } from '../../db/seed/coupons.seed';
import { defineDomain } from '../domain-manifest';
import { couponInitHooks, couponTemplateHooks } from './coupon-template.hooks';
import { couponWriteOffHooks } from './coupon-write-off.hooks';
import { couponReportSource } from './coupon-report.source';
import { couponHooks } from './coupon.hooks';
import { couponsRoutes } from './coupons.routes';

/** Coupon templates, issuing, redeeming and write-offs; the coupon report (a query view). */
export const couponsDomain = defineDomain({
  name: 'coupons',
  plugins: [{ name: 'coupons', plugin: couponsRoutes }],
  hooks: [couponInitHooks, couponTemplateHooks, couponWriteOffHooks, couponHooks],
  views: [couponReportSource],
  seed: [couponsSeeder],
});
