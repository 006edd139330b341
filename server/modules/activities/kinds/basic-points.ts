import { defineSaleKind } from './define-kind';
import { pointsAward, pointsOf, sumCents } from './goods-scope';

/**
 * BASIC_POINTS: the basic rule in scope, one point per `centsPerPoint` of the lines that earn
 * points, rounded down. It replaces the tenant's points settings for the sales it covers.
 */
export const basicPoints = defineSaleKind('BASIC_POINTS', (rule, { basket }) =>
  pointsAward(pointsOf(sumCents(basket.filter((line) => line.earnsPoints)), rule.centsPerPoint), 'activities.reason.noPoints'),
);
