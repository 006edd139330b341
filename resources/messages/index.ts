import type { MessageBook } from './bilingual';
import { WIDGET_TEXTS } from './widget.messages';
import { authMessages } from './auth.messages';
import { authorizationMessages } from './authorization.messages';
import { cardTemplateMessages } from './card-template.messages';
import { cardMessages } from './prepay-card.messages';
import { errorMessages } from './errors.messages';
import { pointsMessages } from './points.messages';
import { ledgerMessages } from './ledger.messages';
import { scoreMessages } from './score.messages';
import { storedValueDocsMessages } from './stored-value-docs.messages';
import { queryViewMessages } from './query-view.messages';
import { levelMessages } from './level.messages';
import { filesMessages } from './files.messages';
import { screensMessages } from './screens.messages';
import { settingMessages } from './setting.messages';
import { shellMessages } from './shell.messages';
import { usersMessages } from './users.messages';
import { batchMessages } from './batch.messages';
import { approvalMessages } from './approval.messages';
import { channelsMessages } from './channels.messages';
import { memberMessages } from './member.messages';
import { uploadsMessages } from './uploads.messages';
import { couponsMessages } from '../coupons/coupons.messages';
import { activityMessages } from '../promotion/activity.messages';
import { activityScreenMessages } from '../promotion/activity-screens.messages';
import { claimMessages } from '../promotion/claim.messages';
import { groupSendMessages } from '../promotion/group-send.messages';
import { pushPlanMessages } from '../promotion/push-plan.messages';
import { thirdPartyMessages } from '../promotion/third-party.messages';
import { codesMessages } from '../promotion/codes.messages';
import { topicScreenMessages } from '../promotion/topic-screens.messages';
import { activityEngineMessages } from './activity-engine.messages';
import { activityEventsMessages } from './activity-events.messages';
import { audienceBuilderMessages, audienceMessages } from './audience.messages';

/**
 * Every message book of the product. A module that adds visible strings adds its book here;
 * the i18n endpoint and the completeness tests read this list. Books derived from the
 * catalogue and the resource declarations are appended by `allMessageBooks()` in the server's
 * i18n module, so they are not listed by hand.
 */
export const MESSAGE_BOOKS: readonly MessageBook[] = [
  errorMessages,
  WIDGET_TEXTS,
  pointsMessages,
  ledgerMessages,
  scoreMessages,
  storedValueDocsMessages,
  queryViewMessages,
  levelMessages,
  authMessages,
  authorizationMessages,
  cardTemplateMessages,
  cardMessages,
  usersMessages,
  filesMessages,
  screensMessages,
  settingMessages,
  shellMessages,
  batchMessages,
  approvalMessages,
  memberMessages,
  uploadsMessages,
  couponsMessages,
  activityMessages,
  activityScreenMessages,
  groupSendMessages,
  pushPlanMessages,
  thirdPartyMessages,
  codesMessages,
  claimMessages,
  topicScreenMessages,
  audienceMessages,
  audienceBuilderMessages,
  activityEngineMessages,
  activityEventsMessages,
  channelsMessages,
];
