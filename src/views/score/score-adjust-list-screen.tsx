/**
 * The points adjustment documents (score/score-adjust/score-adjust): the generic list of the
 * declaration, plus a button to the entry's reason master.
 */
import { scoreAdjustReasonResource } from '../../../resources/score/score-adjust-reason.resource';
import { scoreAdjustResource } from '../../../resources/score/score-adjust.resource';
import { useTranslate } from '../../screens/generic/use-translate';
import { ListWithLink } from './adjust/list-with-link';

export default function ScoreAdjustListScreen() {
  const t = useTranslate();
  const screen = scoreAdjustReasonResource.route.screens.list;
  return (
    <ListWithLink resource={scoreAdjustResource} link={{ owner: scoreAdjustReasonResource, screen, label: t('score.adjust.reasons') }} />
  );
}
