import type { ComponentType } from 'react';
import { STORED_VALUE_VIEW_SCREENS } from '../views/deposit/stored-value-screens';
import { LEVEL_VIEW_SCREENS } from '../views/member/level/level-screens';
import { CARD_VIEW_SCREENS } from '../views/deposit/card-screens';
import { ACTIVITY_VIEW_SCREENS } from '../views/promotion/activity-screens';

/** A screen module loaded on demand: its default export is the screen component. */
export type ScreenLoader = () => Promise<{ default: ComponentType }>;

/**
 * Hand-made screens (slot overrides: more than CRUD), keyed `group/entry/screen` exactly as the
 * catalogue names them. Screens of declared resources are added by the resource engine, so they
 * are not listed here. A catalogue route with no screen stays out of the menu and the router.
 */
export const VIEW_SCREENS: Readonly<Record<string, ScreenLoader>> = {
  'setting/user/user': () => import('../views/setting/user-screen'),
  'setting/role/role': () => import('../views/setting/role-screen'),
  'score/home/home': () => import('../views/score/score-home-screen'),
  'score/score-adjust/score-adjust': () => import('../views/score/score-adjust-list-screen'),
  'score/score-adjust/score-adjust-reason': () => import('../views/score/score-adjust-reason-screen'),
  'score/score-query/score-query-list': () => import('../views/score/score-query-list-screen'),
  'score/score-query/score-query-dtl': () => import('../views/score/score-query-dtl-screen'),
  'member/home/home': () => import('../views/member/member-home-screen'),
  // One detail for the three views of the member table, each reading through its own view.
  'member/standard-member/dtl': () =>
    import('../views/member/member-detail-screen').then((m) => ({ default: m.StandardMemberDetailScreen })),
  'member/dqsh-member/dtl': () => import('../views/member/member-detail-screen').then((m) => ({ default: m.DqshMemberDetailScreen })),
  'member/marketcenter-member/dtl': () =>
    import('../views/member/member-detail-screen').then((m) => ({ default: m.MarketcenterMemberDetailScreen })),
  'member/batch-operate/edit': () => import('../views/member/batch-operate-edit-screen'),
  'member/batch-operate/dtl': () => import('../views/member/batch-operate-dtl-screen'),
  'coupons/coupon-list/coupon-list': () => import('../views/coupons/coupon-list-screen'),
  ...LEVEL_VIEW_SCREENS,
  ...CARD_VIEW_SCREENS,
  ...STORED_VALUE_VIEW_SCREENS,
  ...ACTIVITY_VIEW_SCREENS,
};
