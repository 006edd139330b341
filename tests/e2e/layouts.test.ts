import type { Locator, Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { keyColumns, listColumns } from '../../resources/define';
import { resourceByName } from '../../resources/index';
import { screenshot } from '../helpers/browser';
import { signal } from '../helpers/signal';
import { useDemoSession } from './pages/demo-session';
import { DESK_NARROW, DESK_WIDE, PHONE, layoutProblems, phoneProblems, resize } from './pages/layout';
import { LinesEditor } from './pages/lines.page';
import { ListPage } from './pages/list.page';
import type { ShellPage } from './pages/shell.page';

/**
 * Issue 25 item 4, in both languages at the widths people work at: what the walk over every
 * screen (accessibility.test.ts) cannot reach by a route alone. The sale bill's card number
 * range (a line chosen by range) with every column of its lines in sight, the lists the issue
 * names, and a detail drawer's table hold their inputs and key columns at 1280 × 720 and
 * 1440 × 900, and the fuel report fits its card; at 390 px the menu is a drawer the header's
 * button opens and a choice closes, and English pages (applications, a report) do not scroll
 * sideways.
 * Screenshots of each go to test-results/screenshots.
 */
const session = useDemoSession();

const SALE_BILL_FORM = '/deposit/imprest-card-sale-bill/edit';
/** The lists the issue names, by the resource each shows. */
const LISTS = [
  { path: '/deposit/imprest-card-sale-bill/list', resource: 'imprest-card-sale-bill' },
  { path: '/member/dqsh-member/list', resource: 'dqsh-member' },
  { path: '/coupons/coupon-list', resource: 'coupon' },
  { path: '/deposit/store-value-init', resource: 'store-value-init' },
];
const CARDS = { path: '/deposit/prepay-card', resource: 'prepay-card' };
/** A report of many columns and figures: the fuel report's ten columns and eleven figures. */
const REPORT = '/data-table/paso-report';
const LANGUAGES = ['zh_CN', 'en_US'] as const;

/** The number of key columns a resource's list declares (or gets by default). */
function declaredKeys(name: string): number {
  const resource = resourceByName(name);
  if (!resource) throw new Error(`no resource ${name}`);
  return keyColumns(resource, listColumns(resource)).length;
}

/** The parts of the page that scroll sideways now (a table's rows, a grouped total), by their width and room. */
async function scrolledSideways(page: Page): Promise<string[]> {
  return page
    .locator('.console-page .ant-table-content, .console-page .ant-table-body, .console-page [role=region]')
    .evaluateAll((parts) =>
      parts.filter((part) => part.scrollWidth > part.clientWidth + 1).map((part) => `${part.scrollWidth} px in ${part.clientWidth}`),
    );
}

/** Opens a declared list and waits for its rows (its filter bar tells it from the screen before). */
async function openList(shell: ShellPage, target: { path: string; resource: string }): Promise<ListPage> {
  await shell.navigate(target.path);
  await shell.page.locator(`form#${target.resource}-filter`).waitFor();
  const list = new ListPage(shell.page);
  await list.waitLoaded();
  return list;
}

/** Whether `element` lies across the visible width of the scrolling `box` (neither side outside it). */
async function inSight(box: Locator, element: Locator): Promise<boolean> {
  const [outer, inner] = await Promise.all([box.boundingBox(), element.boundingBox()]);
  if (!outer || !inner) return false;
  return inner.x >= outer.x && inner.x + inner.width <= outer.x + outer.width;
}

describe('layouts at 1280, 1440 and 390 px (issue 25 item 4)', () => {
  for (const language of LANGUAGES)
    for (const viewport of [DESK_NARROW, DESK_WIDE]) {
      it(`${language} at ${viewport.width} px: the named lists, a detail drawer's table and the sale bill's number range`, async () => {
        const { page, shell } = await session.signedIn('admin');
        await resize(page, viewport);
        if (language === 'en_US') await shell.switchLanguage('en_US');
        const at = `${language}-${viewport.width}`;

        for (const { path, resource } of LISTS) {
          await openList(shell, { path, resource });
          const report = await layoutProblems(page);
          expect(report.problems, path).toEqual([]);
          expect(report.keyHeaders, path).toBe(declaredKeys(resource));
          await screenshot(page, `layout-${at}-${resource}`);
        }

        // The fuel report's rows and grouped totals fit the card: no column cut at the scroll's start
        // (in English the customer column was), no figure broken inside itself.
        await shell.navigate(REPORT);
        // The report's own figures (the list before it has rows too), then its rows.
        await page.getByTestId('query-view-as-of').waitFor();
        await page.locator('.console-page .ant-table-row').first().waitFor();
        expect((await layoutProblems(page)).problems).toEqual([]);
        expect(await scrolledSideways(page)).toEqual([]);
        await screenshot(page, `layout-${at}-fuel-report`);

        // A detail drawer's table: a prepaid card's balance history keeps its amounts in sight.
        const cards = await openList(shell, CARDS);
        await cards.rows
          .first()
          .locator('a, button')
          .filter({ hasText: /^\s*(详\s*情|Details?)\s*$/ })
          .first()
          .click();
        const drawer = page.locator('.ant-drawer-open .ant-drawer-content');
        await drawer.getByRole('tab', { name: /余额流水|Balance history/ }).click();
        const history = new ListPage(page, drawer.locator('.ant-tabs-tabpane-active'));
        await history.waitLoaded();
        const report = await layoutProblems(page);
        expect(report.problems).toEqual([]);
        expect(report.keyHeaders).toBeGreaterThan(0);
        await screenshot(page, `layout-${at}-card-detail-drawer`);
        await page.keyboard.press('Escape');
        await drawer.waitFor({ state: 'hidden' });

        // A sale bill line chosen by number range: both numbers get room for a card number.
        await shell.navigate(SALE_BILL_FORM);
        const lines = LinesEditor.byLabel(page, /^\s*(售卡明细|Cards sold)\s*$/);
        await lines.addLine();
        await lines.fill(0, /^(选卡方式|Cards by)$/, language === 'en_US' ? 'Number range' : '卡号段');
        const range = [await lines.cell(0, /^(起始卡号|First number)$/), await lines.cell(0, /^(结束卡号|Last number)$/)];
        for (const cell of range) expect((await cell.locator('input').boundingBox())?.width ?? 0).toBeGreaterThanOrEqual(140);
        // Every column of the lines in sight: the inputs, with Remove, fit the card (the columns the
        // server fills on save are the detail's, not the editor's).
        await lines.addLine();
        expect(await lines.hiddenWidth()).toBe(0);
        expect((await layoutProblems(page)).problems).toEqual([]);
        await screenshot(page, `layout-${at}-sale-bill-range`);
      }, 180_000);
    }

  it("a list's pager offers page sizes and a go-to box where antd shows them (above 576 px) and draws neither on a phone", async () => {
    const { page, shell } = await session.signedIn('admin');
    await resize(page, DESK_NARROW);
    const list = await openList(shell, LISTS[1]);
    const options = list.pagination.locator('.ant-pagination-options');
    await expect.poll(() => options.locator('.ant-pagination-options-size-changer').count()).toBe(1);
    expect(await options.locator('.ant-pagination-options-quick-jumper').count()).toBe(1);
    await resize(page, PHONE);
    await expect.poll(() => options.count()).toBe(0);
    // The pages and the total stay.
    expect(await list.pagination.locator('.ant-pagination-item').count()).toBeGreaterThan(1);
    expect(await list.totalText()).toMatch(/\d/);
    await screenshot(page, 'layout-zh_CN-390-member-pager');
    await resize(page, DESK_NARROW);
    await expect.poll(() => options.locator('.ant-pagination-options-size-changer').count()).toBe(1);
  });

  it("a list's row boxes and state tags look as antd's own: box size and border, ticked colour, tag colours", async () => {
    const { page, shell } = await session.signedIn('admin');
    await resize(page, DESK_NARROW);
    const list = await openList(shell, LISTS[3]);
    const look = (element: Locator) =>
      element.evaluate((node) => {
        const style = getComputedStyle(node);
        return [style.width, style.height, style.borderTopWidth, style.borderTopColor, style.borderRadius, style.backgroundColor].join(' ');
      });
    // The header's box is antd's Checkbox; a row's is the light one (components/row-checkbox.tsx).
    const header = list.table.locator('thead .ant-checkbox-inner');
    const rowBox = list.table.locator('tbody tr.ant-table-row .ant-checkbox-inner').first();
    expect(await look(rowBox)).toBe(await look(header));
    await list.table.locator('tbody tr.ant-table-row .ant-checkbox-input').first().check();
    await expect.poll(() => header.evaluate((node) => node.parentElement!.className)).toContain('ant-checkbox-indeterminate');
    // Read away from the pointer (a ticked box under it has a see-through border) once its colours'
    // transition has ended.
    await page.mouse.move(0, 0);
    await expect.poll(() => look(rowBox)).not.toContain('rgba(0, 0, 0, 0)');
    const ticked = await look(rowBox);
    expect(ticked).not.toBe(await look(header));
    // A state tag has its colour's background and border (the light tag carries antd's classes only).
    const tag = list.table.locator('tbody .ant-tag').first();
    const tagLook = await tag.evaluate((node) => {
      const style = getComputedStyle(node);
      return { background: style.backgroundColor, border: style.borderTopWidth, padding: style.paddingLeft };
    });
    expect(tagLook.background).not.toBe('rgba(0, 0, 0, 0)');
    expect(tagLook.border).toBe('1px');
    expect(parseFloat(tagLook.padding)).toBeGreaterThan(0);
    await screenshot(page, 'layout-zh_CN-1280-row-box-ticked');
  });

  it("while a list's rows come a few at a time, its pager waits in its place unseen, then shows", async () => {
    const { page, shell } = await session.signedIn('admin');
    await resize(page, PHONE);
    // A slower processor (as a phone's) keeps the steps apart long enough to look at each.
    const cdp = await page.context().newCDPSession(page);
    await cdp.send('Emulation.setCPUThrottlingRate', { rate: 6 });
    try {
      await shell.navigate(LISTS[1].path);
      // Read in one go in the page, the moment the body is busy with a pager drawn.
      const whileBusy = await page.waitForFunction(() => {
        const body = document.querySelector('.console-page .ant-table-tbody[aria-busy="true"]');
        const pager = body?.closest('.ant-table-wrapper')?.querySelector('.ant-pagination');
        return pager ? { visibility: getComputedStyle(pager).visibility, rows: body!.querySelectorAll('tr.ant-table-row').length } : null;
      });
      const seen = (await whileBusy.jsonValue())!;
      expect(seen.visibility).toBe('hidden');
      expect(seen.rows).toBeGreaterThan(0);
      const list = new ListPage(page);
      await list.waitLoaded();
      expect(await list.pagination.evaluate((pager) => getComputedStyle(pager).visibility)).toBe('visible');
      expect(await list.rows.count()).toBeGreaterThan(seen.rows);
    } finally {
      await cdp.send('Emulation.setCPUThrottlingRate', { rate: 1 });
      await cdp.detach();
    }
  });

  it("at 390 px what stands in for a list's rows is in sight: the first answer's spinner (one turning ring) and the empty state", async () => {
    const { page, shell } = await session.signedIn('admin');
    await resize(page, PHONE);
    // The list's answer is held until the spinner has been seen.
    const answer = signal();
    const query = /\/v1\/dqsh-member\/query/;
    let holding = 0;
    await page.route(query, async (route) => {
      holding += 1;
      await answer.done;
      // The call of the load the reload replaced is gone with it.
      await route.continue().catch(() => undefined);
    });
    // Opened anew (the page's own load): a list visited before in this page would show the rows
    // it kept while it asks again, without a spinner.
    await shell.navigate(LISTS[1].path);
    await page.reload();
    const box = page.locator('.console-page .ant-table-content').first();
    const spinner = box.locator('.ant-table-placeholder .ant-spin-spinning');
    await spinner.waitFor();
    expect(await inSight(box, spinner)).toBe(true);
    expect(await spinner.evaluate((element) => element.getAnimations({ subtree: true }).length)).toBe(1);
    // The spinner stood for the held answer (not for one that came before it could be looked at).
    expect(holding).toBeGreaterThan(0);
    await screenshot(page, 'layout-zh_CN-390-member-list-waiting');
    answer.resolve();
    await page.unroute(query);
    const list = new ListPage(page);
    await list.waitLoaded();
    await list.filter(/^会员编号$/, 'NO-SUCH-MEMBER');
    const empty = box.locator('.ant-table-placeholder .ant-empty');
    await empty.waitFor();
    expect(await inSight(box, empty)).toBe(true);
    await screenshot(page, 'layout-zh_CN-390-member-list-empty');
  });

  it('at 390 px the side menu is a drawer: closed over each page, opened by the header button, closed by a choice; the page names its screen', async () => {
    const { page, shell } = await session.signedIn('admin');
    await resize(page, PHONE);
    for (const list of LISTS) {
      await openList(shell, list);
      expect(await phoneProblems(page), list.path).toEqual([]);
      await screenshot(page, `layout-zh_CN-390-${list.resource}`);
    }
    // The member list's columns (none pinned on a phone) are wider than the phone: its rows
    // scroll sideways inside the table's own box, reaching the row actions at the end.
    await openList(shell, LISTS[1]);
    const box = page.locator('.console-page .ant-table-content').first();
    expect(await scrolledSideways(page)).not.toEqual([]);
    await box.evaluate((element) => element.scrollTo({ left: element.scrollWidth }));
    const lastHeader = page.locator('.console-page .ant-table-thead > tr > th').last();
    const [boxRight, headerRight] = await Promise.all([
      box.evaluate((element) => element.getBoundingClientRect().right),
      lastHeader.evaluate((element) => element.getBoundingClientRect().right),
    ]);
    expect(Math.abs(boxRight - headerRight)).toBeLessThanOrEqual(1);
    await screenshot(page, 'layout-zh_CN-390-member-list-scrolled');
    await shell.switchLanguage('en_US');
    await openList(shell, LISTS[0]);
    expect(await phoneProblems(page)).toEqual([]);
    await screenshot(page, 'layout-en_US-390-sale-bills');

    await page.getByRole('button', { name: /^(打开菜单|Open menu)$/ }).click();
    const drawer = page.locator('.console-menu-drawer .ant-drawer-content');
    await drawer.waitFor();
    await screenshot(page, 'layout-en_US-390-menu');
    // An entry of the open group (the sale bills' own): a choice navigates and closes the drawer.
    await drawer
      .locator('.ant-menu-item')
      .filter({ hasText: /^\s*Opening balances\s*$/ })
      .click();
    await page.waitForURL((url) => url.hash.startsWith('#/deposit/store-value-init'));
    await drawer.waitFor({ state: 'hidden' });
    expect(await phoneProblems(page)).toEqual([]);
    // The header has no room for the crumbs: the page says which screen it is, at its top.
    await expect.poll(() => page.getByRole('heading', { level: 1 }).textContent()).toBe('Opening balances');

    // English words are longer: the applications' keyword box and a report's filters and headers
    // stay inside the phone's width (they pushed it 16 px and more sideways).
    await openList(shell, { path: '/setting/application', resource: 'application' });
    expect(await phoneProblems(page)).toEqual([]);
    await shell.navigate('/data-table/points-roll-forward');
    await page.locator('.console-page .ant-table').first().waitFor();
    expect(await phoneProblems(page)).toEqual([]);
    await screenshot(page, 'layout-en_US-390-roll-forward');
  });
});
