/**
 * The slot overrides of the level entry (member/level/*), for the member manifest. Only loaders here:
 * each screen's code is fetched when the screen is opened.
 */
import type { ScreenLoader } from '../../../screens/manifest';

const form =
  (type: 'FREE' | 'SPECIAL' | 'PAID', mode: 'add' | 'rights'): ScreenLoader =>
  () =>
    import('./level-form-screen').then((m) => ({ default: m.levelFormScreen(type, mode) }));
const init =
  (type: 'FREE' | 'SPECIAL' | 'PAID'): ScreenLoader =>
  () =>
    import('./level-init-screen').then((m) => ({ default: m.levelInitScreen(type) }));

/** Level screens by `group/entry/screen`. level-valuate-rule is the generic settings screen. */
export const LEVEL_VIEW_SCREENS: Readonly<Record<string, ScreenLoader>> = {
  'member/level/level-manage': () => import('./level-manage-screen'),
  'member/level/level-name-modify': () => import('./level-name-modify-screen'),
  'member/level/free-level-init': init('FREE'),
  'member/level/free-level-add': form('FREE', 'add'),
  'member/level/free-level-right-modify': form('FREE', 'rights'),
  'member/level/special-level-init': init('SPECIAL'),
  'member/level/special-level-add': form('SPECIAL', 'add'),
  'member/level/special-level-right-modify': form('SPECIAL', 'rights'),
  'member/level/pay-level-add': form('PAID', 'add'),
  'member/level/pay-level-right-data-and-suit': form('PAID', 'rights'),
  'member/level/pay-level-rights-init': init('PAID'),
};
