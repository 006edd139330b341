/**
 * The adjustment reasons (score/score-adjust/score-adjust-reason): the generic list of the
 * declaration (add, edit and detail in its drawer), plus a button back to the documents.
 */
import { scoreAdjustReasonResource } from '../../../resources/score/score-adjust-reason.resource';
import { scoreAdjustResource } from '../../../resources/score/score-adjust.resource';
import { listWithLinkScreen } from '../../screens/generic/list-with-link';

export default listWithLinkScreen({ resource: scoreAdjustReasonResource, linked: scoreAdjustResource, labelKey: 'score.adjust.documents' });
