import type { Locator, Page } from 'playwright-core';
import { fillFormItem, formItem, looseText } from './antd';

/** Texts of the "add a line" button, in both languages. */
const ADD_LINE = /^\s*(添加一行|Add line)\s*$/i;

/**
 * The lines of a document in its form (the `lines` field kind): an editable table, one antd
 * form item per cell. Cells are addressed by line (0-based) and column header, as a user reads
 * them.
 */
export class LinesEditor {
  constructor(
    readonly page: Page,
    readonly root: Locator,
  ) {}

  /** The lines editor whose form item reads `label`, inside `scope` (the page by default). */
  static byLabel(page: Page, label: string | RegExp, scope?: Locator): LinesEditor {
    return new LinesEditor(page, formItem(scope ?? page.locator('body'), label));
  }

  get rows(): Locator {
    return this.root.locator('.ant-table-tbody > tr.ant-table-row');
  }

  /** How far the lines' table scrolls sideways inside its card (0 when every column is in sight). */
  async hiddenWidth(): Promise<number> {
    return this.root
      .locator('.ant-table-content, .ant-table-body')
      .first()
      .evaluate((scroller) => Math.max(0, scroller.scrollWidth - scroller.clientWidth));
  }

  async addLine(): Promise<void> {
    const before = await this.rows.count();
    await this.root.getByRole('button', { name: ADD_LINE }).click();
    await this.rows.nth(before).waitFor();
  }

  /** The form item of line `line` under the column headed `header`. */
  async cell(line: number, header: string | RegExp): Promise<Locator> {
    const headers = (await this.root.locator('.ant-table-thead > tr > th').allInnerTexts()).map((text) => text.trim());
    const matcher = typeof header === 'string' ? looseText(header) : header;
    const index = headers.findIndex((text) => matcher.test(text));
    if (index < 0) throw new Error(`no line column ${String(header)} among ${headers.join(' | ')}`);
    return this.rows.nth(line).locator(':scope > td').nth(index).locator('.ant-form-item').first();
  }

  /** Fills the cell of line `line` under the column headed `header`. */
  async fill(line: number, header: string | RegExp, value: string): Promise<void> {
    await fillFormItem(this.page, await this.cell(line, header), value);
  }

  /** The card of the record a cell refers to (name, state, balance …), as shown under its input; '' while none. */
  async recordCard(line: number, header: string | RegExp): Promise<string> {
    const card = (await this.cell(line, header)).locator('.console-record-card');
    return (await card.count()) > 0 ? card.first().innerText() : '';
  }

  /** The figures shown under a cell's record from another list (a member's balance); '' while none. */
  async figures(line: number, header: string | RegExp): Promise<string> {
    const figures = (await this.cell(line, header)).locator('.console-record-figures');
    return (await figures.count()) > 0 ? figures.first().innerText() : '';
  }

  /** The error shown under a cell; '' when none. */
  async errorOf(line: number, header: string | RegExp): Promise<string> {
    const error = (await this.cell(line, header)).locator('.ant-form-item-explain-error');
    return (await error.count()) > 0 ? error.first().innerText() : '';
  }

  /** The value of a cell's input. */
  async valueOf(line: number, header: string | RegExp): Promise<string> {
    return (await this.cell(line, header)).locator('input').first().inputValue();
  }

  /** The running totals under the lines ('' when the lines declare none). */
  async totals(): Promise<string> {
    const totals = this.root.locator('.console-line-totals');
    return (await totals.count()) > 0 ? totals.first().innerText() : '';
  }

  /** Fills one line: column header -> value. */
  async fillLine(line: number, values: Record<string, string>): Promise<void> {
    for (const [header, value] of Object.entries(values)) await this.fill(line, header, value);
  }
}
