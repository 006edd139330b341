import type { QueryColumn } from '../query-view';

/**
 * The member of a query view's row: its id (hidden, what the member filter and the drill-down
 * match), its number (a drill-down to that member's rows) and its name; both hidden once the view
 * is filtered to one member. Spread into a view's `columns` where its rows carry `memberId`,
 * `memberNumber` and `memberName`.
 */
export const MEMBER_VIEW_COLUMNS = {
  memberId: { kind: 'integer', label: ['会员ID', 'Member id'], hidden: true },
  memberNumber: {
    kind: 'text',
    label: ['会员号', 'Member number'],
    width: 130,
    hiddenWhenFiltered: 'memberId',
    drill: { filter: 'memberId', column: 'memberId' },
  },
  memberName: { kind: 'text', label: ['会员姓名', 'Member name'], width: 110, hiddenWhenFiltered: 'memberId' },
} as const satisfies Record<string, QueryColumn>;
