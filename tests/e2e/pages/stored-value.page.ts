import type { Page } from 'playwright-core';
import { looseText } from './antd';
import { ListPage } from './list.page';

/** The tabs of a detail screen (the member detail: 资料, 积分, 储值 …). */
export class DetailTabs {
  constructor(readonly page: Page) {}

  /** Opens the tab titled `name` and answers its panel. */
  async open(name: string | RegExp) {
    await this.page
      .locator('.ant-tabs-tab')
      .filter({ hasText: typeof name === 'string' ? looseText(name) : name })
      .first()
      .click();
    return this.page.locator('.ant-tabs-tabpane-active');
  }
}

/**
 * The stored-value history (deposit/store-value-query/store-value-hst-detail): the entries table
 * (a ListPage), the totals of the filter above it, and the screen's title.
 */
export class ValueHistoryPage {
  readonly entries: ListPage;

  constructor(readonly page: Page) {
    // The entries are the last table of the screen (the totals by kind and channel come first).
    this.entries = new ListPage(
      page,
      page
        .locator('.ant-card')
        .filter({ has: page.locator('.ant-card-head') })
        .first(),
    );
  }

  get title() {
    return this.page.locator('.ant-card-head-title').first();
  }

  /** The row of the entries table showing `text`. */
  entryRow(text: string | RegExp) {
    return this.page.locator('.ant-table-tbody > tr.ant-table-row').filter({ hasText: text }).last();
  }

  /** The statistic titled `name` of the totals (its shown value). */
  async total(name: string | RegExp): Promise<string> {
    const title = this.page.locator('.ant-statistic-title').filter({ hasText: typeof name === 'string' ? looseText(name) : name });
    const stat = this.page.locator('.ant-statistic').filter({ has: title }).first();
    return (await stat.locator('.ant-statistic-content').innerText()).trim();
  }
}
