import type { PermissionRef } from '../../../../resources/catalog/types';
import type { ActivityKindDecl } from '../../../../resources/promotion/activity-kind';
import { familyAccess } from '../../../../resources/promotion/activity.resource';
import { ACTIVITY_KINDS } from '../../../../resources/promotion/kinds/index';
import type { ActivityKind } from '../../../../resources/promotion/activity-engine';
import { kindRefs } from '../activity.hooks';

/**
 * Who may read an activity's simulation and evaluation: the read action (`familyAccess`) of the
 * catalogue entry of the menu family its kind declares (resources/promotion/kinds), or of the
 * kind's own sub-resource where it has one (`kindRefs`: a payment offer's). The
 * simulator, which may mix kinds, takes the read of any of them.
 */
const readOfKindDecl = (kind: ActivityKindDecl): PermissionRef[] => kindRefs(kind, [familyAccess(kind.family).read[0]]);

const ENTRY_OF_KIND = Object.fromEntries(ACTIVITY_KINDS.map((kind) => [kind.value, readOfKindDecl(kind)])) as Readonly<
  Record<ActivityKind, PermissionRef[]>
>;

/** The grants that read activities of this kind (any one of them). */
export const readOfKind = (kind: ActivityKind): readonly PermissionRef[] => ENTRY_OF_KIND[kind];

/** Any grant that reads some activity (the simulator's and the evaluation route's gate). */
export const ACTIVITY_READ_ANY: readonly PermissionRef[] = [
  ...new Map(Object.values(ENTRY_OF_KIND).flatMap((refs) => refs.map((ref) => [`${ref.resourceId}|${ref.action}`, ref] as const))).values(),
];
