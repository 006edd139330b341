/**
 * The list of the browser's domain manifests (manifest.ts), and the registries derived from it:
 * the hand-made screens the router mounts (VIEW_SCREENS) and the slots the generic screens read
 * (SCREEN_SLOTS). A new domain adds its manifest here, and nowhere else.
 *
 * Only plain data and loaders are imported: each screen's and each slot's code is fetched when
 * it is first shown.
 */
import { DEPOSIT_MANIFEST } from '../views/deposit/deposit.manifest';
import { MEMBER_MANIFEST } from '../views/member/member.manifest';
import { PROMOTION_MANIFEST } from '../views/promotion/promotion.manifest';
import { SCORE_MANIFEST } from '../views/score/score.manifest';
import { SETTING_MANIFEST } from '../views/setting/setting.manifest';
import { FILES_MANIFEST } from './files/files.manifest';
import { screensOf, slotsOf, type DomainManifest, type ScreenLoader, type ScreenSlots } from './manifest';
import { QUERY_VIEW_SCREENS } from './query-view/query-view-screens';

/** Every domain of the browser; the order is the order of their toolbar items and tabs. */
export const DOMAIN_MANIFESTS: readonly DomainManifest[] = [
  FILES_MANIFEST,
  MEMBER_MANIFEST,
  SCORE_MANIFEST,
  DEPOSIT_MANIFEST,
  PROMOTION_MANIFEST,
  SETTING_MANIFEST,
];

/**
 * Hand-made screens (slot overrides: more than CRUD), keyed `group/entry/screen` exactly as the
 * catalogue names them, and the generic screen of every query view (resources/query-views.ts).
 * Screens of declared resources are added by the resource engine (resource-screens.ts); a
 * catalogue route with no screen stays out of the menu and the router.
 */
export const VIEW_SCREENS: Readonly<Record<string, ScreenLoader>> = { ...screensOf(DOMAIN_MANIFESTS), ...QUERY_VIEW_SCREENS };

/** The detail tabs, toolbar items and form section drawings of every resource. */
export const SCREEN_SLOTS: ScreenSlots = slotsOf(DOMAIN_MANIFESTS);
