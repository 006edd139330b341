import type { PermissionRef } from '../../../../resources/catalog/types';
import type { ActivityFamily } from '../../../../resources/promotion/activity-kind';
import { familyAccess } from '../../../../resources/promotion/activity.resource';
import { ACTIVITY_KINDS } from '../../../../resources/promotion/kinds/index';
import type { ActivityKind } from '../../../../resources/promotion/activity-engine';
import { familyRefs } from '../activity.hooks';

/**
 * Who may read an activity's simulation and evaluation: the read action (`familyAccess`) of the
 * catalogue entry of the menu family its kind declares (resources/promotion/kinds). The
 * simulator, which may mix kinds, takes the read of any of them.
 */
const readOfFamily = (family: ActivityFamily): PermissionRef[] => familyRefs(family, [familyAccess(family).read[0]]);

const ENTRY_OF_KIND = Object.fromEntries(ACTIVITY_KINDS.map((kind) => [kind.value, readOfFamily(kind.family)])) as Readonly<
  Record<ActivityKind, PermissionRef[]>
>;

/** The grants that read activities of this kind (any one of them). */
export const readOfKind = (kind: ActivityKind): readonly PermissionRef[] => ENTRY_OF_KIND[kind];

/** Any grant that reads some activity (the simulator's and the evaluation route's gate). */
export const ACTIVITY_READ_ANY: readonly PermissionRef[] = [
  ...new Map(Object.values(ENTRY_OF_KIND).flatMap((refs) => refs.map((ref) => [`${ref.resourceId}|${ref.action}`, ref] as const))).values(),
];
