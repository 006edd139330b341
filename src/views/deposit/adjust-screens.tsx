/**
 * The stored-value adjustment documents and their reasons (deposit/store-value-adjust/*): each the
 * generic list of its declaration plus a toolbar button to the other list of the entry.
 */
import { storeValueAdjustReasonResource } from '../../../resources/deposit/store-value-adjust-reason.resource';
import { storeValueAdjustResource } from '../../../resources/deposit/store-value-adjust.resource';
import { listWithLinkScreen } from '../../screens/generic/list-with-link';

export const StoreValueAdjustListScreen = listWithLinkScreen({
  resource: storeValueAdjustResource,
  linked: storeValueAdjustReasonResource,
  labelKey: 'storedValue.adjust.reasons',
});

export const StoreValueAdjustReasonScreen = listWithLinkScreen({
  resource: storeValueAdjustReasonResource,
  linked: storeValueAdjustResource,
  labelKey: 'storedValue.adjust.documents',
});
