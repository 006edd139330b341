import { describe, expect, it } from 'vitest';
import { antdLocaleFor } from '../../providers/i18n';

/**
 * antd's own texts (date pickers, empty states) come from the locale pack chosen per language.
 * (Whether the built bundle receives the pack itself is checked in the browser, in
 * tests/e2e/master-data.test.ts: the test runner's module interop differs from the bundle's.)
 */
describe('antd locale packs', () => {
  it('gives the Chinese console Chinese date picker texts', () => {
    const zh = antdLocaleFor('zh_CN');
    expect(zh.locale).toBe('zh-cn');
    expect(zh.DatePicker?.lang.rangePlaceholder).toEqual(['开始日期', '结束日期']);
  });

  it('gives the English console English ones', () => {
    const en = antdLocaleFor('en_US');
    expect(en.locale).toBe('en');
    expect(en.DatePicker?.lang.rangePlaceholder).toEqual(['Start date', 'End date']);
  });
});
