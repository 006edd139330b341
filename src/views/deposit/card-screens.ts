/**
 * The slot overrides of the prepaid-card entries (deposit/prepay-card*), for VIEW_SCREENS. Only
 * loaders here: each screen's code is fetched when the screen is opened.
 */
import type { ScreenLoader } from '../../screens/registry';

const adjust =
  (name: 'CardAdjustListScreen' | 'CardAdjustReasonScreen'): ScreenLoader =>
  () =>
    import('./card-adjust-screens').then((m) => ({ default: m[name] }));

export const CARD_VIEW_SCREENS: Readonly<Record<string, ScreenLoader>> = {
  'deposit/prepay-card/prepay-card': () => import('./prepay-card-screen'),
  'deposit/prepay-card-store/prepay-card-store': () => import('./prepay-card-store-screen'),
  'deposit/prepay-card-adjust/list': adjust('CardAdjustListScreen'),
  'deposit/prepay-card-adjust/reason': adjust('CardAdjustReasonScreen'),
};
