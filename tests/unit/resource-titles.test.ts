import { describe, expect, it } from 'vitest';
import { findEntry } from '../../resources/catalog/index';
import { RESOURCES } from '../../resources/index';
import { activities } from '../../resources/promotion/activity.resource';

/**
 * A record's name reads as its menu entry's (issue "a console a new user can try", item 12): the
 * menu said "Fuel station members" while the drawer said "Add petrol station member". A resource's
 * English title is its entry's title in the singular, unless the resource is a secondary object
 * the entry also holds (an entry's settings, the members table under its standard list).
 */
const SECONDARY: Readonly<Record<string, string>> = {
  'level-valuate-rule': 'the evaluation rules of the membership levels entry',
  'grow-value-setting': 'the settings of the growth value rules entry',
  member: 'the members table, listed by the standard members entry',
  'prepay-card-batch': 'the batches cards are made in, kept under the prepaid card inquiry entry (no screen of its own)',
  'value-approval-setting': "the merchant's value approval rule, shown on the roles entry's screen (who may configure roles changes it)",
  'wechat-channel': "the credentials of the WeChat membership entry's official account (issue 27)",
  'alipay-channel': "the credentials of the Alipay membership entry's open-platform application (issue 27)",
  'meituan-channel': "the credentials of the Meituan membership entry's open-platform application (issue 27)",
  'sms-channel': 'the SMS account, one of the channels of the channel gateway entry (issue 27)',
  'push-channel': 'the app push account, one of the channels of the channel gateway entry (issue 27)',
  'member-card': "the membership card's design, edited on the WeChat membership entry and shown on the Alipay one (issue 27)",
  'wechat-pay-rule': "the pay-to-join rules, one of the WeChat membership entry's screens (issue 27)",
  'wechat-member-code': "the member code's settings, one of the WeChat membership entry's screens (issue 27)",
  'member-tag-link': 'which member holds which tag, listed under the tags entry and on the member detail (issue 29)',
  'push-plan-setting':
    "the marketing message rules (caps per member, the opt-out text), one of the channel gateway entry's settings (issue 29)",
  'push-consent':
    "a member's consent to marketing messages per channel, listed on the member detail, kept under the push plans entry (issue 29)",
  // Marketing activities: a menu entry lists several kinds, each named by its kind (resources/promotion).
  ...Object.fromEntries(activities.resources.map((r) => [r.name, 'one of the activity kinds its menu entry lists'])),
};

const singular = (title: string) => title.replace(/ies$/, 'y').replace(/s$/, '');

describe('resource titles', () => {
  it('name each record as its menu entry does, in the singular, in English', () => {
    const mismatched = RESOURCES.flatMap((resource) => {
      const entry = findEntry(resource.route.group, resource.route.entry);
      if (!entry || resource.name in SECONDARY) return [];
      const title = resource.title[1].toLowerCase();
      const entryTitle = entry.title[1].toLowerCase();
      return entryTitle.startsWith(title) || title.startsWith(singular(entryTitle))
        ? []
        : [`${resource.name}: ${resource.title[1]} / ${entry.title[1]}`];
    });
    expect(mismatched).toEqual([]);
  });
});
