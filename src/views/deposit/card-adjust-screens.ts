/**
 * The card adjustment documents and their reasons (deposit/prepay-card-adjust/list and reason):
 * each the generic list of its declaration plus a toolbar button to the other list of the entry.
 */
import { prepayCardAdjustReasonResource } from '../../../resources/deposit/prepay-card-adjust-reason.resource';
import { prepayCardAdjustResource } from '../../../resources/deposit/prepay-card-adjust.resource';
import { listWithLinkScreen } from '../../screens/generic/list-with-link';

export const CardAdjustListScreen = listWithLinkScreen({
  resource: prepayCardAdjustResource,
  linked: prepayCardAdjustReasonResource,
  labelKey: 'cards.adjust.reasons',
});

export const CardAdjustReasonScreen = listWithLinkScreen({
  resource: prepayCardAdjustReasonResource,
  linked: prepayCardAdjustResource,
  labelKey: 'cards.adjust.documents',
});
