/**
 * The slot overrides of the stored-value documents and reads (deposit/*), for VIEW_SCREENS. Only
 * loaders here: each screen's code is fetched when the screen is opened.
 */
import type { ScreenLoader } from '../../screens/registry';

const adjust =
  (name: 'StoreValueAdjustListScreen' | 'StoreValueAdjustReasonScreen'): ScreenLoader =>
  () =>
    import('./adjust-screens').then((m) => ({ default: m[name] }));

/** Stored-value screens by `group/entry/screen`. */
export const STORED_VALUE_VIEW_SCREENS: Readonly<Record<string, ScreenLoader>> = {
  'deposit/store-value-adjust/store-value-adjust': adjust('StoreValueAdjustListScreen'),
  'deposit/store-value-adjust/store-value-adjust-reason': adjust('StoreValueAdjustReasonScreen'),
};
