import type { Locator, Page } from 'playwright-core';
import { screenshot } from '../../helpers/browser';
import { confirmOpenDialog, fillFormItem, formItem, looseText, openDialogs, screenAtAddress, settle } from './antd';

/**
 * Texts of the buttons that save a form, in both languages. An antd icon in the button adds its
 * own label before the text (`loading` while the button spins, the icon's name): allowed.
 */
const SAVE = /^\s*(?:[a-z-]+\s+)?(保\s*存|确\s*定|提\s*交|Save|OK|Submit)\s*$/i;
const CANCEL = /^\s*(取\s*消|Cancel)\s*$/i;

/**
 * Any antd form of a declared resource: a page, or the Modal/Drawer it opens in. Fields are
 * found by their visible label, as a user finds them.
 */
export class FormPage {
  constructor(
    readonly page: Page,
    private readonly scope?: Locator,
  ) {}

  /** The form in the topmost open dialog (modal or drawer). */
  static inDialog(page: Page): FormPage {
    return new FormPage(page, openDialogs(page).last());
  }

  get root(): Locator {
    return this.scope ?? this.page.locator('body');
  }

  /** Title of the dialog (or the card of a routed form) the form is in. */
  async title(): Promise<string> {
    return (await this.root.locator('.ant-modal-title, .ant-drawer-title, .ant-card-head-title').first().innerText()).trim();
  }

  /** Labels of the form items, in order. */
  async labels(): Promise<string[]> {
    return (await this.root.locator('.ant-form-item-label label').allInnerTexts()).map((text) => text.trim());
  }

  field(label: string | RegExp): Locator {
    return formItem(this.root, label);
  }

  async fill(label: string | RegExp, value: string): Promise<void> {
    // A form opened by a move (a list's New) is not there while the list still shows.
    if (this.scope === undefined) await screenAtAddress(this.page);
    await fillFormItem(this.page, this.field(label), value);
  }

  async fillAll(values: Record<string, string>): Promise<void> {
    for (const [label, value] of Object.entries(values)) await this.fill(label, value);
  }

  /** The value a text or number input shows. */
  async valueOf(label: string | RegExp): Promise<string> {
    const item = this.field(label);
    const select = item.locator('.ant-select-selection-item');
    if (await select.count()) return (await select.allInnerTexts()).join(',');
    return item.locator('textarea, input').first().inputValue();
  }

  /** The validation message under a field ('' when none). */
  async errorOf(label: string | RegExp): Promise<string> {
    const error = this.field(label).locator('.ant-form-item-explain-error');
    return (await error.count()) ? (await error.allInnerTexts()).join(' ').trim() : '';
  }

  /** Every validation message shown, in order. */
  async errors(): Promise<string[]> {
    return (await this.root.locator('.ant-form-item-explain-error').allInnerTexts()).map((text) => text.trim());
  }

  async save(buttonText: string | RegExp = SAVE): Promise<void> {
    const matcher = typeof buttonText === 'string' ? looseText(buttonText) : buttonText;
    // A spinning button ignores clicks: wait until the form is no longer busy.
    await this.root.locator('button.ant-btn-loading').first().waitFor({ state: 'hidden' });
    await this.root
      .getByRole('button', { name: matcher })
      .last()
      .click()
      .catch(async (error: unknown) => {
        // What the form showed instead of its save button, for whoever reads the failure.
        const file = await screenshot(this.page, `form-save-missing-${Date.now()}`);
        const buttons = await this.page.getByRole('button').allInnerTexts();
        throw new Error(`${String(error)}\nbuttons on the page: ${JSON.stringify(buttons)}; url ${this.page.url()}; picture ${file}`);
      });
    await settle(this.root);
  }

  async cancel(): Promise<void> {
    await this.root.getByRole('button', { name: CANCEL }).last().click();
  }

  async confirm(): Promise<void> {
    await confirmOpenDialog(this.page);
  }
}

/**
 * After a routed form's save: the saved record's detail takes the form's place (`detail`: its
 * route, e.g. `/deposit/store-value-adjust/store-value-adjust-dtl`). Then the test goes on from
 * `list`: by the browser's Back (`leaveBy: 'back'`, for a form opened from that list: the form's
 * history entry was replaced, so Back lands there) or by its address. Takes a picture when a step
 * is missed.
 */
export async function savedDetailThenList(
  page: Page,
  args: { readonly detail: string; readonly list: string; readonly leaveBy: 'back' | 'address' },
): Promise<void> {
  const at = (path: string) => (url: URL) => url.hash.split('?')[0] === `#${path}`;
  try {
    await page.waitForURL(at(args.detail));
    await screenAtAddress(page);
    if (args.leaveBy === 'back') await page.goBack();
    else
      await page.evaluate((target) => {
        window.location.hash = `#${target}`;
      }, args.list);
    await page.waitForURL(at(args.list));
  } catch (error) {
    const file = await screenshot(page, `saved-detail-missed-${Date.now()}`);
    // What the form said instead of moving on: its field errors and any message shown.
    const said = await page
      .locator('.ant-form-item-explain-error, .ant-message-notice, .ant-notification-notice, .ant-alert')
      .allInnerTexts();
    throw new Error(`${String(error)}\nurl ${page.url()}; shown ${JSON.stringify(said)}; picture ${file}`);
  }
}
