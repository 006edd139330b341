import { describe, it, expect } from 'vitest';
import { fillSlots, pick, toMessageMap } from '../../resources/messages/bilingual';
import { WIDGET_TEXTS } from '../../resources/messages/widget.messages';

describe('widget texts', () => {
  it('have the English texts listed in the specification §9, in its order', () => {
    const english = toMessageMap([WIDGET_TEXTS], 'en_US');
    expect(Object.values(english)).toEqual([
      'OK',
      'Cancel',
      'Clear',
      'Now',
      'Today',
      'Select date',
      'Select time',
      'No matching data',
      'No data',
      'Loading',
      'Go to',
      'Total {total}',
      '/page',
      'Sum',
      'Confirm',
      'Reset',
      'Illegal input',
      'Delete',
      'Preview',
      'Continue',
    ]);
  });

  it('use only widget.* keys and fill both sides of every text', () => {
    for (const [key, [zh, en]] of Object.entries(WIDGET_TEXTS)) {
      expect(key.startsWith('widget.')).toBe(true);
      expect(zh.trim()).not.toBe('');
      expect(en.trim()).not.toBe('');
      // Both languages carry the same slots, so one value object serves either locale.
      expect(zh.match(/\{\w+\}/g) ?? []).toEqual(en.match(/\{\w+\}/g) ?? []);
    }
  });

  it('uses 条/页 as the Chinese pager unit', () => {
    expect(pick(WIDGET_TEXTS['widget.perPage'], 'zh_CN')).toBe('条/页');
  });

  it('fills the total slot in both locales', () => {
    const total = 1234;
    expect(fillSlots(pick(WIDGET_TEXTS['widget.total'], 'zh_CN'), { total })).toBe(`共 ${total} 条`);
    expect(fillSlots(pick(WIDGET_TEXTS['widget.total'], 'en_US'), { total })).toBe(`Total ${total}`);
  });
});
