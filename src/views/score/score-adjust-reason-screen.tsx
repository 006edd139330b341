/**
 * The adjustment reasons (score/score-adjust/score-adjust-reason): the generic list of the
 * declaration (add, edit and detail in its drawer), plus a button back to the documents.
 */
import { scoreAdjustReasonResource } from '../../../resources/score/score-adjust-reason.resource';
import { scoreAdjustResource } from '../../../resources/score/score-adjust.resource';
import { useTranslate } from '../../screens/generic/use-translate';
import { ListWithLink } from './adjust/list-with-link';

export default function ScoreAdjustReasonScreen() {
  const t = useTranslate();
  const screen = scoreAdjustResource.route.screens.list;
  return (
    <ListWithLink resource={scoreAdjustReasonResource} link={{ owner: scoreAdjustResource, screen, label: t('score.adjust.documents') }} />
  );
}
