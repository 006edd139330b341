/**
 * The points domain in the browser (src/screens/manifest.ts): the points home, a member's points
 * history (the accounts list is the query view points-accounts), and the links between the adjustment documents and their reasons
 * (both generic lists of one catalogue entry).
 */
import { documentsAndReasons } from '../../screens/generic/toolbar-link';
import type { DomainManifest } from '../../screens/manifest';

export const SCORE_MANIFEST: DomainManifest = {
  domain: 'score',
  screens: {
    'score/home/home': () => import('./score-home-screen'),
    'score/score-query/score-query-dtl': () => import('./score-query-dtl-screen'),
  },
  toolbarItems: documentsAndReasons({ documents: 'score-adjust', reasons: 'score-adjust-reason', messages: 'score.adjust' }),
  detailActions: {
    member: [
      {
        key: 'adjustPoints',
        title: 'member.action.adjustPoints',
        opens: 'score-adjust',
        values: (member) => ({ lines: [{ member: member.id }] }),
      },
    ],
  },
};
