import type { Locator, Page, Response } from 'playwright-core';
import { confirmOpenDialog, fillFormItem, formItem, looseText, screenAtAddress } from './antd';

/**
 * The list screen of any declared resource: an antd Table with a search/filter bar above it and
 * a pagination below. Columns are addressed by their header text, rows by any text they show.
 */
export class ListPage {
  constructor(
    readonly page: Page,
    private readonly scope?: Locator,
  ) {}

  get root(): Locator {
    return this.scope ?? this.page.locator('body');
  }

  get table(): Locator {
    return this.root.locator('.ant-table-wrapper').first();
  }

  /** Data rows (not the placeholder row shown when empty). */
  get rows(): Locator {
    return this.table.locator('.ant-table-tbody > tr.ant-table-row');
  }

  row(text: string | RegExp): Locator {
    return this.rows.filter({ hasText: text }).first();
  }

  /**
   * Waits until the table shows its rows (or its empty state), no spinner turns and no cell is
   * still fetching what it shows (relation titles are `aria-busy` until they arrive), nor the
   * list still drawing its rows (a page comes a few rows at a time, the table's box `aria-busy`).
   */
  async waitLoaded(): Promise<void> {
    // After a move, the table of the screen left is not the one meant.
    if (this.scope === undefined) await screenAtAddress(this.page);
    await this.table.waitFor();
    const table = await this.table.elementHandle();
    await this.page.waitForFunction(
      (element) =>
        !!element &&
        !element.querySelector('.ant-spin-spinning, [aria-busy="true"]') &&
        !element.closest('[aria-busy="true"]') &&
        !!element.querySelector('.ant-table-tbody > tr.ant-table-row, .ant-table-tbody > tr.ant-table-placeholder'),
      table,
    );
  }

  /** Runs `action`, then waits for the API answer it caused (if any) and the table to settle. */
  private async reloadingBy(action: () => Promise<void>): Promise<void> {
    const answered = this.page
      .waitForResponse((response) => new URL(response.url()).pathname.includes('/v1/'), { timeout: 5_000 })
      .catch(() => null); // a table sorted or filtered in the browser asks nothing
    await action();
    await answered;
    await this.waitLoaded();
  }

  /** Header texts, in column order. */
  async headers(): Promise<string[]> {
    await this.waitLoaded();
    return (await this.table.locator('.ant-table-thead > tr > th').allInnerTexts()).map((text) => text.trim());
  }

  /** Texts of one column, top to bottom. */
  async column(header: string | RegExp): Promise<string[]> {
    const index = await this.columnIndex(header);
    const cells = this.rows.locator(`> td:nth-child(${index + 1})`);
    return (await cells.allInnerTexts()).map((text) => text.trim());
  }

  /** The text the row showing `rowText` has under the column headed `header`. */
  async cell(rowText: string | RegExp, header: string | RegExp): Promise<string> {
    const index = await this.columnIndex(header);
    const row = this.row(rowText);
    await row.waitFor();
    return (await row.locator(`> td:nth-child(${index + 1})`).innerText()).trim();
  }

  /** Clears the filter bar with its Reset button and waits for the full list. */
  async reset(button: string | RegExp = /^\s*(重\s*置|Reset)\s*$/i): Promise<void> {
    const matcher = typeof button === 'string' ? looseText(button) : button;
    await this.reloadingBy(() => this.root.getByRole('button', { name: matcher }).first().click());
  }

  /** Clicks a sortable column's header once (antd cycles ascending, descending, none). */
  async sortBy(header: string | RegExp): Promise<void> {
    await this.reloadingBy(() => this.headerCell(header).click());
  }

  /** 'ascending' | 'descending' | null, as antd marks the header. */
  async sortOrder(header: string | RegExp): Promise<string | null> {
    return this.headerCell(header).getAttribute('aria-sort');
  }

  /** Types a keyword into the search box (by placeholder, or the first search box) and searches. */
  async search(keyword: string, placeholder?: string | RegExp): Promise<void> {
    const box = placeholder
      ? this.root.getByPlaceholder(placeholder)
      : this.root.locator('.ant-input-search input, input[type=search]').first();
    await box.fill(keyword);
    await this.reloadingBy(() => box.press('Enter'));
  }

  /** Sets a labelled filter above the table (select, date, text) and applies it. */
  async filter(label: string | RegExp, value: string, apply: string | RegExp = /^\s*(查\s*询|搜\s*索|Search|Query)\s*$/i): Promise<void> {
    // Filters beyond the first few fold behind 展开 (More filters): open them first.
    const unfold = this.root.locator('form button[aria-expanded="false"]');
    if (await unfold.count()) await unfold.first().click();
    await fillFormItem(this.page, formItem(this.root, label), value);
    const button = this.root.getByRole('button', { name: typeof apply === 'string' ? looseText(apply) : apply });
    await this.reloadingBy(async () => {
      if (await button.count()) await button.first().click();
    });
  }

  /** Clicks an action (link or button) inside the row showing `rowText`. */
  async rowAction(rowText: string | RegExp, action: string | RegExp): Promise<void> {
    const matcher = typeof action === 'string' ? looseText(action) : action;
    const row = this.row(rowText);
    await row.waitFor();
    await row.locator('a, button').filter({ hasText: matcher }).first().click();
  }

  /**
   * Runs `confirming` (the OK of a row action's question), then waits for the action's answer. One
   * that moved the record (2xx) asks the list again: it waits for that answer too and the table to
   * settle, so what the test reads next is the record after the action. A refused one returns at
   * once, its error still on screen (it fades after a few seconds), and says what it answered in
   * the test's output.
   */
  private async actingBy(confirming: () => Promise<void>): Promise<void> {
    let actedAt: number | undefined;
    const isApi = (response: Response) => new URL(response.url()).pathname.includes('/v1/');
    const isListQuery = (response: Response) => new URL(response.url()).pathname.endsWith('/query');
    const acted = this.page
      .waitForResponse(
        (response) => {
          const matched = isApi(response) && response.request().method() !== 'GET' && !isListQuery(response);
          if (matched) actedAt = Date.now();
          return matched;
        },
        { timeout: 10_000 },
      )
      .catch(() => null);
    // The list's query asked after the action's answer (the refresh the action's success starts).
    const requeried = this.page
      .waitForResponse((response) => actedAt !== undefined && isApi(response) && isListQuery(response), {
        timeout: 20_000,
      })
      .catch(() => null);
    await confirming();
    const answer = await acted;
    if (answer === null) console.warn('a confirmed row action: no answer of the API within 10 s');
    else if (!answer.ok()) console.warn(`a confirmed row action answered ${answer.status()} ${await answer.text().catch(() => '')}`);
    else if ((await requeried) === null) console.warn('a confirmed row action: the list was not asked again within 20 s');
    await this.waitLoaded();
  }

  /** Runs a row action that asks first, and confirms it. */
  async rowActionConfirmed(rowText: string | RegExp, action: string | RegExp): Promise<void> {
    await this.rowAction(rowText, action);
    await this.actingBy(() => confirmOpenDialog(this.page));
  }

  /**
   * Clicks a row action that asks first and returns the question shown, leaving it open for
   * {@link confirm} (or Escape).
   */
  async rowActionAsking(rowText: string | RegExp, action: string | RegExp): Promise<string> {
    await this.rowAction(rowText, action);
    const question = this.page
      .locator('.ant-popover:visible .ant-popconfirm-message, .ant-modal-wrap:visible .ant-modal-confirm-body')
      .last();
    return (await question.innerText()).trim();
  }

  /** Confirms the open confirmation and waits for the action's answer and the table to reload. */
  async confirm(): Promise<void> {
    await this.actingBy(() => confirmOpenDialog(this.page));
  }

  /** Expands the tree row showing `rowText` (tree lists), if it is not expanded yet. */
  async expandRow(rowText: string | RegExp): Promise<void> {
    const expander = this.row(rowText).locator('.ant-table-row-expand-icon').first();
    if (await expander.evaluate((node) => node.classList.contains('ant-table-row-expand-icon-collapsed'))) await expander.click();
  }

  /** Texts of the actions (links and buttons) the row showing `rowText` offers. */
  async rowActions(rowText: string | RegExp): Promise<string[]> {
    const row = this.row(rowText);
    await row.waitFor();
    // The actions column is the last one.
    const texts = await row.locator('> td:last-child :is(a, button)').allInnerTexts();
    return texts.map((text) => text.replace(/\s+/g, '')).filter(Boolean);
  }

  /** True when the list offers a toolbar button (新增, Add …). */
  async hasButton(name: string | RegExp): Promise<boolean> {
    await this.waitLoaded();
    return (await this.root.getByRole('button', { name: typeof name === 'string' ? looseText(name) : name }).count()) > 0;
  }

  /** Clicks a toolbar button (新增, Add …). */
  async clickButton(name: string | RegExp): Promise<void> {
    await this.root
      .getByRole('button', { name: typeof name === 'string' ? looseText(name) : name })
      .first()
      .click();
  }

  get pagination(): Locator {
    return this.root.locator('.ant-pagination').first();
  }

  /** The pagination's total text, e.g. "共 3 条" or "Total 3". */
  async totalText(): Promise<string> {
    return (await this.pagination.locator('.ant-pagination-total-text').innerText()).trim();
  }

  /** The page-size changer's text, e.g. "10 条/页" or "10 / page". */
  async pageSizeText(): Promise<string> {
    return (await this.pagination.locator('.ant-pagination-options .ant-select-selection-item').innerText()).trim();
  }

  async goToPage(number: number): Promise<void> {
    await this.reloadingBy(() => this.pagination.locator(`.ant-pagination-item-${number}`).click());
  }

  /** The text of the table's empty state ('' when it has rows). */
  async emptyText(): Promise<string> {
    const empty = this.table.locator('.ant-empty-description');
    return (await empty.count()) ? (await empty.innerText()).trim() : '';
  }

  private headerCell(header: string | RegExp): Locator {
    const matcher = typeof header === 'string' ? looseText(header) : header;
    return this.table.locator('.ant-table-thead > tr > th').filter({ hasText: matcher }).first();
  }

  private async columnIndex(header: string | RegExp): Promise<number> {
    const headers = await this.headers();
    const matcher = typeof header === 'string' ? looseText(header) : header;
    const index = headers.findIndex((text) => matcher.test(text));
    if (index < 0) throw new Error(`no column ${String(header)} among ${headers.join(' | ')}`);
    return index;
  }
}
