/**
 * The member domain in the browser (src/screens/manifest.ts): the member home, the one member
 * detail of the three member views, the batch operation screens and the level screens. The
 * member detail's coupons and cards are related lists of the member declaration
 * (`detail.related`), not tabs of this manifest.
 */
import type { DetailAction, DomainManifest } from '../../screens/manifest';
import { LEVEL_VIEW_SCREENS } from './level/level-screens';

const detail = (name: 'StandardMemberDetailScreen' | 'DqshMemberDetailScreen' | 'MarketcenterMemberDetailScreen') => () =>
  import('./member-detail-screen').then((m) => ({ default: m[name] }));

/** Coupons are issued by hand through a batch operation (its save checks the coupons' write grant too). */
const issueCoupons = (values: DetailAction['values']): DetailAction => ({
  key: 'issueCoupons',
  title: 'member.action.issueCoupons',
  opens: 'batch-operate',
  values,
});

export const MEMBER_MANIFEST: DomainManifest = {
  domain: 'member',
  detailActions: {
    member: [issueCoupons((member) => ({ operation: 'grantCoupon', selectionMode: 'picked', lines: [{ member: member.id }] }))],
    'coupon-template': [issueCoupons((template) => ({ operation: 'grantCoupon', couponTemplate: template.id }))],
  },
  screens: {
    'member/home/home': () => import('./member-home-screen'),
    // One detail for the three views of the member table, each reading through its own view.
    'member/standard-member/dtl': detail('StandardMemberDetailScreen'),
    'member/dqsh-member/dtl': detail('DqshMemberDetailScreen'),
    'member/marketcenter-member/dtl': detail('MarketcenterMemberDetailScreen'),
    'member/batch-operate/edit': () => import('./batch-operate-edit-screen'),
    'member/batch-operate/dtl': () => import('./batch-operate-dtl-screen'),
    ...LEVEL_VIEW_SCREENS,
  },
};
