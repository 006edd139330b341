/**
 * The member domain in the browser (src/screens/manifest.ts): the member home, the one member
 * detail of the three member views, the batch operation screens, the level screens and the
 * membership card design's live preview of both wallets beside its form, the Alipay member QR
 * code and the end of the Alipay setup, the WeChat official account's authorisation (before and
 * after WeChat's page), the Meituan voucher counter of a store clerk. The
 * member detail's coupons and cards are related lists of the member declaration
 * (`detail.related`), not tabs of this manifest.
 */
import { createElement } from 'react';
import type { DetailAction, DomainManifest, FormSectionRenderer } from '../../screens/manifest';
import { LEVEL_VIEW_SCREENS } from './level/level-screens';
import { WalletCardSection } from './wallet-card/wallet-card-section';

const detail = (name: 'StandardMemberDetailScreen' | 'DqshMemberDetailScreen' | 'MarketcenterMemberDetailScreen') => () =>
  import('./member-detail-screen').then((m) => ({ default: m[name] }));

/** Coupons are issued by hand through a batch operation (its save checks the coupons' write grant too). */
const issueCoupons = (values: DetailAction['values']): DetailAction => ({
  key: 'issueCoupons',
  title: 'member.action.issueCoupons',
  opens: 'batch-operate',
  values,
});

/** The card design's face with both wallets' preview beside it (the Alipay entry's view inherits it). */
const cardFace: FormSectionRenderer = { key: 'look', render: (args) => createElement(WalletCardSection, args) };

export const MEMBER_MANIFEST: DomainManifest = {
  domain: 'member',
  formSections: { 'member-card': [cardFace] },
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
    'member/alipay/alipay-member-qr-code': () => import('./alipay/alipay-qr-code-screen'),
    'member/alipay/alipay-init-completed': () => import('./alipay/alipay-init-completed-screen'),
    'member/wechat/wechat-authorize-before': () => import('./wechat/wechat-authorize-before-screen'),
    'member/wechat/wechat-authorize-after': () => import('./wechat/wechat-authorize-after-screen'),
    'member/meituan-voucher/meituan-voucher': () => import('./meituan/meituan-voucher-screen'),
    ...LEVEL_VIEW_SCREENS,
  },
};
