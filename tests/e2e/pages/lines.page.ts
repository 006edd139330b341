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

  async addLine(): Promise<void> {
    const before = await this.rows.count();
    await this.root.getByRole('button', { name: ADD_LINE }).click();
    await this.rows.nth(before).waitFor();
  }

  /** Fills the cell of line `line` under the column headed `header`. */
  async fill(line: number, header: string | RegExp, value: string): Promise<void> {
    const headers = (await this.root.locator('.ant-table-thead > tr > th').allInnerTexts()).map((text) => text.trim());
    const matcher = typeof header === 'string' ? looseText(header) : header;
    const index = headers.findIndex((text) => matcher.test(text));
    if (index < 0) throw new Error(`no line column ${String(header)} among ${headers.join(' | ')}`);
    const cell = this.rows.nth(line).locator(':scope > td').nth(index).locator('.ant-form-item').first();
    await fillFormItem(this.page, cell, value);
  }

  /** Fills one line: column header -> value. */
  async fillLine(line: number, values: Record<string, string>): Promise<void> {
    for (const [header, value] of Object.entries(values)) await this.fill(line, header, value);
  }
}
