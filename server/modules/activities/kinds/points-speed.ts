import { defineSaleKind } from './define-kind';
import { pointsAward } from './goods-scope';

/**
 * POINTS_SPEED: the basic points multiplied by `multipleTenths / 10`, rounded down; the award is
 * the extra over the basic points (x1.5 on 7 basic points = 10, the award is 3).
 */
export const pointsSpeed = defineSaleKind('POINTS_SPEED', (rule, { basicPoints }) =>
  pointsAward(Math.floor((basicPoints * rule.multipleTenths) / 10) - basicPoints, 'activities.reason.noPoints'),
);
