/**
 * The points adjustment documents (score/score-adjust/score-adjust): the generic list of the
 * declaration, plus a button to the entry's reason master.
 */
import { scoreAdjustReasonResource } from '../../../resources/score/score-adjust-reason.resource';
import { scoreAdjustResource } from '../../../resources/score/score-adjust.resource';
import { listWithLinkScreen } from '../../screens/generic/list-with-link';

export default listWithLinkScreen({ resource: scoreAdjustResource, linked: scoreAdjustReasonResource, labelKey: 'score.adjust.reasons' });
