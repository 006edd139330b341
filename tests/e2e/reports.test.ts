import { describe, expect, it } from 'vitest';
import { dataTableGroup } from '../../resources/catalog/data-table.catalog';
import { QUERY_VIEWS } from '../../resources/query-views';
import { screenshot } from '../helpers/browser';
import { useDemoSession } from './pages/demo-session';
import { DESK_NARROW, resize } from './pages/layout';

/**
 * Issue 26: every built report of /data-table, as the demo administrator at 1280 px, is listed in
 * the 报表 menu and opens under its title with each of its figures labelled in the chosen
 * language, in Chinese and then in English (axe-core and the layout checks walk every screen in
 * accessibility.test.ts). The pictures land in test-results/screenshots
 * (report-<name>-<language>.png). It is allowed 600 s: about 20 s a report and language on a busy machine.
 */
const session = useDemoSession();
const REPORTS = QUERY_VIEWS.filter((view) => view.route.group === 'data-table' && view.route.screen);
const LANGUAGES = [
  { code: 'zh_CN', index: 0 },
  { code: 'en_US', index: 1 },
] as const;

describe('reports', () => {
  it(`lists and opens each built report (${REPORTS.length}) in both languages`, async () => {
    const { page, shell } = await session.signedIn('admin');
    await resize(page, DESK_NARROW);
    for (const language of LANGUAGES) {
      if (language.code === 'en_US') await shell.switchLanguage('en_US');
      const entries = await shell.menuEntries(dataTableGroup.title[language.index]);
      for (const view of REPORTS) {
        expect(entries, language.code).toContain(view.title[language.index]);
        await shell.navigate(`/data-table/${view.route.entry}`);
        // Reports share figures' labels: the new screen is there once its card bears its title.
        const card = page
          .locator('.ant-card')
          .filter({ has: page.locator('.ant-card-head-title', { hasText: view.title[language.index] }) });
        await card.first().waitFor();
        await shell.waitForScreen();
        for (const measure of Object.values(view.measures)) {
          await expect.poll(() => card.getByText(measure.label[language.index], { exact: true }).first().isVisible()).toBe(true);
        }
        await page.locator('.recharts-surface, .ant-empty').first().waitFor();
        await screenshot(page, `report-${view.name}-${language.code}`);
      }
    }
  }, 600_000);
});
