/**
 * The stored-value and prepaid-card domain in the browser (src/screens/manifest.ts): its
 * hand-made screen (the card stock by store; the stored-value history is a query view), the links
 * between the adjustment documents and their reasons and from the inquiry to the history, the "Make cards"
 * button of the card list, and the tabs of the card detail (balance history, binding a member)
 * and of the stored-value account (the member's stored value, also on the member detail).
 */
import type { PermissionRef } from '../../../resources/catalog/types';
import { documentsAndReasons, toolbarLink } from '../../screens/generic/toolbar-link';
import { lazySlot } from '../../screens/lazy-slot';
import type { DetailTab, DomainManifest } from '../../screens/manifest';
import { HISTORY_PATH } from './shared/value-routes';

/** Making cards and binding them: maintaining the card inquiry. */
const MAINTAIN_CARDS: PermissionRef = { resourceId: '储值/预付卡查询', action: '配置维护' };
/** The grant of the stored-value inquiry: reading accounts. */
const READ_ACCOUNTS: PermissionRef = { resourceId: '储值/储值查询', action: '账户信息查看' };

const MakeCardsButton = lazySlot(() => import('./cards/make-cards-dialog').then((m) => m.MakeCardsButton), 'none');
const QueryViewPanel = lazySlot(() => import('../../screens/query-view/query-view-screen').then((m) => m.QueryViewPanel));
const BindMember = lazySlot(() => import('./cards/bind-member').then((m) => m.BindMember));
const MemberValueTab = lazySlot(() => import('./member-value-tab').then((m) => m.default));

/** The member's stored value, the member being the record's `memberField`. */
const storedValueTab = (memberField: string): DetailTab => ({
  key: 'storedValue',
  title: 'storedValue.tab.title',
  requires: READ_ACCOUNTS,
  render: ({ record, t }) => <MemberValueTab memberId={Number(record[memberField])} t={t} />,
});

export const DEPOSIT_MANIFEST: DomainManifest = {
  domain: 'deposit',
  screens: {
    'deposit/prepay-card-store/prepay-card-store': () => import('./prepay-card-store-screen'),
  },
  toolbarItems: {
    ...documentsAndReasons({
      documents: 'store-value-adjust',
      reasons: 'store-value-adjust-reason',
      messages: 'storedValue.adjust',
    }),
    ...documentsAndReasons({ documents: 'prepay-card-adjust', reasons: 'prepay-card-adjust-reason', messages: 'cards.adjust' }),
    'store-value-query': [toolbarLink({ key: 'history', to: HISTORY_PATH, labelKey: 'storedValue.history.title' })],
    'prepay-card': [{ key: 'make', requires: MAINTAIN_CARDS, render: ({ t, reload }) => <MakeCardsButton t={t} onMade={reload} /> }],
  },
  detailTabs: {
    'prepay-card': [
      {
        key: 'history',
        title: 'res.prepay-card-history',
        render: ({ record }) => <QueryViewPanel view="prepay-card-history" fixed={{ cardId: Number(record.id) }} />,
      },
      {
        key: 'bind',
        title: 'cards.bind.title',
        requires: MAINTAIN_CARDS,
        render: ({ resource, record, t }) => <BindMember resource={resource} record={record} t={t} />,
      },
    ],
    'store-value-query': [storedValueTab('memberId')],
    member: [storedValueTab('id')],
  },
  detailActions: {
    member: [
      {
        key: 'adjustValue',
        title: 'member.action.adjustValue',
        opens: 'store-value-adjust',
        values: (member) => ({ lines: [{ member: member.id }] }),
      },
      // The cards sold are bound to the buying member (a card already sold binds on its own detail).
      {
        key: 'sellCard',
        title: 'member.action.sellCard',
        opens: 'imprest-card-sale-bill',
        values: (member) => ({ buyerType: 'MEMBER', member: member.id }),
      },
    ],
  },
};
