import type { Locator, Page } from 'playwright-core';
import { looseText, screenAtAddress } from './antd';

/** What the 401 dialog and the route guard say (specification §8), in either language. */
export const DENIED_TEXT = /您未被授权访问此页面|You are not authorized to visit this page/;

/**
 * The signed-in shell: side menu (groups and their entries), header (language switch, user
 * menu with sign-out), and the hash route. Reads the menu as rendered by antd Menu.
 */
export class ShellPage {
  constructor(readonly page: Page) {}

  get menu(): Locator {
    return this.page.locator('.ant-layout-sider .ant-menu').first();
  }

  /** The route after `#`, without its query, e.g. `/setting/role`. */
  currentPath(): string {
    const hash = new URL(this.page.url()).hash.replace(/^#/, '');
    return hash.split('?')[0] || '/';
  }

  /**
   * Opens a route by its address. In a page already showing the console this is a move inside it
   * (only the hash changes), rendered in a transition: it returns once the work area shows the
   * new address, not while the screen left (its tables, its rows) is still there.
   */
  async goto(baseUrl: string, route: string): Promise<void> {
    await this.page.goto(`${baseUrl}/#${route.startsWith('/') ? route : `/${route}`}`);
    await screenAtAddress(this.page);
  }

  /** Moves the hash route inside the loaded app (no page reload), until the work area shows it. */
  async navigate(route: string): Promise<void> {
    await this.page.evaluate((target) => {
      window.location.hash = `#${target}`;
    }, route);
    await screenAtAddress(this.page);
  }

  async waitForMenu(): Promise<void> {
    await this.menu.locator('.ant-menu-submenu-title, .ant-menu-item').first().waitFor();
  }

  /** Waits until the signed-in app shows something: its menu, or a status page (no content …). */
  async waitForShell(): Promise<void> {
    await this.page.locator('.ant-layout-sider .ant-menu-submenu-title, .ant-layout-sider .ant-menu-item, .ant-result').first().waitFor();
  }

  /**
   * Waits until the screen in the work area has drawn its content: no spinner turning, and any
   * table showing rows or its empty state (used before screenshots).
   */
  async waitForScreen(): Promise<void> {
    await this.page.waitForFunction(() => {
      const content = document.querySelector('.ant-layout-content') ?? document.querySelector('.ant-result')?.parentElement;
      // A list screen draws its table a drawing after its filters (list-screen.tsx).
      if (!content || content.querySelector('.ant-spin-spinning, .ant-skeleton-active, .console-list:not(:has(.ant-table-wrapper))'))
        return false;
      const tables = [...content.querySelectorAll('.ant-table-wrapper')];
      return (
        tables.every((table) => table.querySelector('.ant-table-tbody > tr.ant-table-row, .ant-table-tbody > tr.ant-table-placeholder')) &&
        (content.textContent ?? '').trim().length > 0
      );
    });
  }

  /** True when the app shows its side menu (false on status pages such as no-content). */
  async hasMenu(): Promise<boolean> {
    await this.waitForShell();
    return (await this.menu.count()) > 0;
  }

  /** Titles of the top-level menu groups, in order ([] when no menu is shown at all). */
  async menuGroups(): Promise<string[]> {
    if (!(await this.hasMenu())) return [];
    const titles = this.menu.locator(':scope > .ant-menu-submenu > .ant-menu-submenu-title .ant-menu-title-content');
    return (await titles.allInnerTexts()).map((text) => text.trim()).filter(Boolean);
  }

  /** Titles of the entries of one group (opens the group if it is closed). */
  async menuEntries(group: string | RegExp): Promise<string[]> {
    await this.waitForMenu();
    const submenu = this.menu
      .locator(':scope > .ant-menu-submenu')
      .filter({
        has: this.page.locator('.ant-menu-submenu-title').filter({ hasText: typeof group === 'string' ? looseText(group) : group }),
      })
      .first();
    if (!(await submenu.evaluate((node) => node.classList.contains('ant-menu-submenu-open')))) {
      await submenu.locator('.ant-menu-submenu-title').first().click();
    }
    const items = submenu.locator('.ant-menu-item .ant-menu-title-content');
    await items.first().waitFor();
    return (await items.allInnerTexts()).map((text) => text.trim()).filter(Boolean);
  }

  /** Every group with its entries: { group: [entries] }. */
  async menuTree(): Promise<Record<string, string[]>> {
    const tree: Record<string, string[]> = {};
    for (const group of await this.menuGroups()) tree[group] = await this.menuEntries(group);
    return tree;
  }

  /** Opens a menu entry by group and entry title. */
  async openMenu(group: string | RegExp, entry: string | RegExp): Promise<void> {
    await this.menuEntries(group);
    const matcher = typeof entry === 'string' ? looseText(entry) : entry;
    const item = this.menu.locator('.ant-menu-item').filter({ hasText: matcher }).first();
    const target = (await item.locator('a').first().getAttribute('href'))?.split('?')[0];
    const before = await this.page.evaluate(() => location.hash.split('?')[0]);
    // A group still unfolding moves what lies below it: the click is made on a still menu.
    await this.menuStill();
    await item.click();
    // The screen moved to has drawn (until then the old screen's tables are still on the page):
    // the address changed, unless it was the entry's already, and the page is the address's; or
    // the screen left asks first (a changed form), and the caller answers.
    if (!target?.startsWith('#/')) return;
    let outcome = await this.movedOrAsked(before, target, 7_500);
    if (outcome === 'nothing') {
      // Once, on a loaded CI machine, a click on an entry moved nothing for 15 s (stop 48): the
      // run says what was under the pointer, and the entry is clicked again, as a user would.
      const under = await item.evaluate((node) => {
        const box = node.getBoundingClientRect();
        const hit = document.elementFromPoint(box.x + box.width / 2, box.y + box.height / 2);
        return `${location.hash} under the pointer: ${hit?.outerHTML.slice(0, 160) ?? 'nothing'}`;
      });
      console.warn(`a click on the menu entry ${target} moved nothing in 7.5 s; ${under}`);
      await item.click();
      outcome = await this.movedOrAsked(before, target, 15_000);
    }
    if (outcome === 'nothing') throw new Error(`a click on the menu entry ${target} left the page at ${before}`);
    if (outcome === 'moved') await screenAtAddress(this.page);
  }

  /** Waits until no group of the side menu is unfolding or folding (antd's collapse motion). */
  async menuStill(): Promise<void> {
    await this.page.waitForFunction(
      () => !document.querySelector('.ant-layout-sider .ant-menu [class*="ant-motion-collapse"]'),
      undefined,
      {
        polling: 100,
      },
    );
  }

  /** After a click on a menu entry: 'moved' (or was there), 'asked' (a confirmation), or 'nothing' within `timeout`. */
  private async movedOrAsked(from: string, to: string, timeout: number): Promise<'moved' | 'asked' | 'nothing'> {
    const outcome = await this.page
      .waitForFunction(
        (args) => {
          if ([...document.querySelectorAll('.ant-modal-confirm')].some((dialog) => dialog.getClientRects().length > 0)) return 'asked';
          const hash = location.hash.split('?')[0];
          return hash !== args.from || args.from === args.to ? 'moved' : false;
        },
        { from, to },
        { polling: 100, timeout },
      )
      .catch((error: unknown) => {
        if (error instanceof Error && error.name === 'TimeoutError') return null;
        throw error;
      });
    return outcome ? ((await outcome.jsonValue()) as 'moved' | 'asked') : 'nothing';
  }

  /** Switches the interface language with the header's 中文 / English dropdown. */
  async switchLanguage(to: 'zh_CN' | 'en_US'): Promise<void> {
    const label = to === 'en_US' ? /^\s*English\s*$/ : /^\s*中文\s*$/;
    const trigger = this.page.getByRole('button', { name: /^\s*(语言|Language)(:|\s*$)/ }).first();
    const option = this.page.locator('.ant-dropdown:visible .ant-dropdown-menu-item').filter({ hasText: label }).first();
    await trigger.click();
    await option.click();
    // The switch is done when the switch itself reads in the new language (its label is translated
    // with everything else, after the new language's texts arrived).
    const done = to === 'en_US' ? /^\s*Language: English\s*$/ : /^\s*语言: 中文\s*$/;
    // A screen of charts redrawn in the new language takes its time on a loaded machine (a
    // report's, once 15 s): the wait is for the switch itself, so it may last.
    await this.page.getByRole('button', { name: done }).first().waitFor({ timeout: 45_000 });
    await this.page.mouse.move(0, 0);
    await this.page.locator('.ant-dropdown:visible').first().waitFor({ state: 'hidden' });
  }

  /** Signs out through the header's user menu, opened from the keyboard (Tab reaches it). */
  async logout(): Promise<void> {
    const signOut = /^\s*(退出登录|Sign\s*out)\s*$/i;
    await this.page.locator('.ant-layout-header .ant-dropdown-trigger').last().focus();
    await this.page.keyboard.press('Enter');
    await this.page.locator('.ant-dropdown:visible .ant-dropdown-menu-item').filter({ hasText: signOut }).first().click();
    await this.page.waitForURL((url) => url.hash.startsWith('#/login'));
  }

  /** The confirmation dialogs (antd Modal.confirm) open on screen. */
  get confirmDialogs(): Locator {
    return this.page.locator('.ant-modal-wrap:visible .ant-modal-confirm');
  }

  /** True when the route guard's denial text is on screen. */
  async isDenied(): Promise<boolean> {
    return this.page.getByText(DENIED_TEXT).first().isVisible();
  }
}
