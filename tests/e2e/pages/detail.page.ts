import type { Locator, Page } from 'playwright-core';
import { looseText } from './antd';

/**
 * The detail screen of any declared resource: antd Descriptions (label / content pairs), on a
 * page or in a Drawer/Modal, plus its action buttons.
 */
export class DetailPage {
  constructor(
    readonly page: Page,
    private readonly scope?: Locator,
  ) {}

  get root(): Locator {
    return this.scope ?? this.page.locator('body');
  }

  /** Every label -> shown value pair, in order. */
  async values(): Promise<Record<string, string>> {
    await this.settled();
    const labels = await this.root.locator('.ant-descriptions-item-label').allInnerTexts();
    const contents = await this.root.locator('.ant-descriptions-item-content').allInnerTexts();
    return Object.fromEntries(labels.map((label, index) => [label.trim(), (contents[index] ?? '').trim()]));
  }

  /** Waits until the detail is drawn and no value is still fetching (relation titles are `aria-busy`). */
  async settled(): Promise<void> {
    await this.root.locator('.ant-descriptions').first().waitFor();
    await this.root.locator('[aria-busy="true"]').first().waitFor({ state: 'detached' });
  }

  /** The value shown for one label. */
  async value(label: string | RegExp): Promise<string> {
    await this.root.locator('[aria-busy="true"]').first().waitFor({ state: 'detached' });
    const matcher = typeof label === 'string' ? looseText(label) : label;
    const item = this.root.locator('.ant-descriptions-item-container, th.ant-descriptions-item-label').filter({ hasText: matcher }).first();
    if ((await item.evaluate((node) => node.tagName)) === 'TH') {
      return (await item.locator('xpath=following-sibling::td[1]').innerText()).trim();
    }
    return (await item.locator('.ant-descriptions-item-content').innerText()).trim();
  }

  /** The screen's title (page header, drawer or modal title). */
  async title(): Promise<string> {
    const title = this.root.locator('.ant-drawer-title, .ant-modal-title, .ant-page-header-heading-title, h1, h2, h3').first();
    return (await title.innerText()).trim();
  }

  /** Closes the drawer or modal the detail is shown in, and waits until it has gone. */
  async close(): Promise<void> {
    const close = this.root.locator('.ant-drawer-close, .ant-modal-close').first();
    // A message of an earlier step (保存成功) can lie over the close button, and antd keeps a
    // message open while the pointer rests on it: the pointer moves away and the click waits
    // for the button to be reachable. Under a loaded machine a message's leaving motion was
    // seen to outlast 15 s; then the button gets the click event directly, as a keyboard
    // user's Enter would give it.
    await this.root.page().mouse.move(0, 0);
    await close.click({ timeout: 8_000 }).catch(() => close.dispatchEvent('click'));
    await close.waitFor({ state: 'hidden' });
  }

  async clickButton(name: string | RegExp): Promise<void> {
    await this.root
      .getByRole('button', { name: typeof name === 'string' ? looseText(name) : name })
      .first()
      .click();
  }
}
