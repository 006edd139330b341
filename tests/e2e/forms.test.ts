import type { Locator, Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { datumGroup } from '../../resources/catalog/datum.catalog';
import { settingGroup } from '../../resources/catalog/setting.catalog';
import { pick } from '../../resources/messages/bilingual';
import { screenshot } from '../helpers/browser';
import { useDemoSession } from './pages/demo-session';
import { confirmOpenDialog, openingMotionEnded } from './pages/antd';
import { FormPage } from './pages/form.page';
import { ListPage } from './pages/list.page';
import type { ShellPage } from './pages/shell.page';

/**
 * Issue "a console a new user can try", items 7 and 8 in the browser: a changed drawer, dialog or
 * page asks before Esc, Cancel or the browser's Back throws the changes away, and the role
 * editor's search narrows the permission tree.
 */
const session = useDemoSession();
const CONFIRM = '.ant-modal-wrap:visible .ant-modal-confirm';
// The generic form is named after its resource (antd gives the <form> that id).
const LEVEL_MATERIAL_FORM = '.ant-layout-content form#level-material-form';

describe('forms that do not lose work', () => {
  it('asks before Esc discards a changed drawer, and keeps the typing when the user stays', async () => {
    const { page, shell } = await session.signedIn('admin');
    await shell.goto(session.baseUrl, '/datum/brand?view=add');
    const drawer = page.locator('.ant-drawer-content').first();
    await drawer.locator('form').waitFor();
    const form = new FormPage(page, drawer);
    const firstInput = drawer.locator('input:not([type=hidden]):not([disabled])').first();
    await firstInput.fill('E2E half typed');
    await page.keyboard.press('Escape');
    const confirm = page.locator(CONFIRM).first();
    await confirm.waitFor();
    expect(await confirm.innerText()).toMatch(/放弃未保存的修改/);
    await screenshot(page, 'forms-discard-confirm');
    // Keep editing: the drawer and the typing stay.
    await keepEditing(confirm);
    await confirm.waitFor({ state: 'detached' });
    expect(await firstInput.inputValue()).toBe('E2E half typed');
    expect(shell.currentPath()).toBe('/datum/brand');
    expect(page.url()).toContain('view=add');
    // Discard: the drawer closes, the list stays.
    await page.keyboard.press('Escape');
    await confirmOpenDialog(page);
    await page.waitForURL((url) => !url.hash.includes('view=add'));
    await new ListPage(page).waitLoaded();
    await expect.poll(() => form.root.isVisible()).toBe(false);
  });
  it('gives the focus back to the row action that opened a drawer when Esc closes it', async () => {
    const { page, shell } = await session.signedIn('admin');
    await shell.goto(session.baseUrl, '/datum/brand');
    await new ListPage(page).waitLoaded();
    const row = page.locator('.ant-table-tbody tr.ant-table-row').first();
    const rowKey = await row.getAttribute('data-row-key');
    await row.getByRole('button', { name: /详\s*情/ }).focus();
    await page.keyboard.press('Enter');
    await page.locator('.ant-drawer-content').first().waitFor();
    await page.keyboard.press('Escape');
    await page.locator('.ant-drawer-content').first().waitFor({ state: 'detached' });
    const focused = () =>
      page.evaluate(() => {
        const active = document.activeElement;
        return `${active?.closest('[data-row-key]')?.getAttribute('data-row-key') ?? ''}:${active?.textContent?.replace(/\s/g, '') ?? ''}`;
      });
    await expect.poll(focused).toBe(`${rowKey}:详情`);
  });

  it('puts the focus in the line Add line adds, ready for typing', async () => {
    const { page, shell } = await session.signedIn('admin');
    await shell.goto(session.baseUrl, '/deposit/store-value-adjust/store-value-adjust-Add');
    const add = page.getByRole('button', { name: /添加一行/ });
    await add.click();
    const inNewLine = () =>
      page.evaluate(() => {
        const active = document.activeElement;
        const rows = active?.closest('tbody')?.querySelectorAll('tr.ant-table-row');
        return active?.tagName === 'INPUT' && rows !== undefined && rows[rows.length - 1]?.contains(active) === true;
      });
    await expect.poll(inNewLine).toBe(true);
  });

  it("keeps a long drawer form's Save and Cancel on the drawer's bottom edge, with no field showing below them", async () => {
    const { page, shell } = await session.signedIn('admin');
    await shell.goto(session.baseUrl, '/member/standard-member/list?view=add');
    const body = page.locator('.ant-drawer-body').first();
    const footer = body.locator('.console-form-footer').first();
    await footer.waitFor();
    const bodyBox = (await body.boundingBox())!;
    const footerBox = (await footer.boundingBox())!;
    // The form is longer than the drawer: Save is pinned, not at the end of the fields.
    expect(await body.evaluate((element) => element.scrollHeight > element.clientHeight)).toBe(true);
    expect(Math.abs(footerBox.y + footerBox.height - (bodyBox.y + bodyBox.height))).toBeLessThanOrEqual(1);
    await screenshot(page, 'forms-drawer-footer');
  });

  it("shows a document line's member options in full: name, masked mobile and member number", async () => {
    const { page, shell } = await session.signedIn('admin');
    await shell.goto(session.baseUrl, '/score/score-adjust/score-adjust-add');
    const form = page.locator('.ant-layout-content form').first();
    await form.waitFor();
    await form.getByText(/^\s*(添加一行|Add line)\s*$/).click();
    const memberCell = form.locator('.ant-table-row td').first();
    expect((await memberCell.boundingBox())!.width).toBeGreaterThanOrEqual(240);
    await memberCell.locator('.ant-select').click();
    await page.keyboard.type('138');
    const options = page.locator('.ant-select-dropdown:visible .ant-select-item-option-content');
    const shown = () =>
      options.evaluateAll((nodes) => nodes.map((node) => ({ text: node.textContent ?? '', cut: node.scrollWidth > node.clientWidth + 1 })));
    // The search answered: every option is a member whose mobile starts with 138.
    await expect
      .poll(async () => (await shown()).length > 1 && (await shown()).every((option) => /138\*{4}\d{4} · M\d+/.test(option.text)))
      .toBe(true);
    expect((await shown()).filter((option) => option.cut)).toEqual([]);
    await screenshot(page, 'forms-line-member-options');
  });

  it('asks before Back discards a changed drawer, stays on it when the user keeps editing, and leaves on discard', async () => {
    const { page, shell } = await session.signedIn('admin');
    await openOwnedEntry(page, shell, '/datum/brand');
    // Open the add drawer from the list, a new history entry, so Back has somewhere to go.
    await new ListPage(page).clickButton('新增');
    await page.waitForURL((url) => url.hash.includes('view=add'));
    const drawer = page.locator('.ant-drawer-content').first();
    await drawer.locator('form').waitFor();
    await backAsksAndKeeps(page, drawer, 'E2E typed before Back');
    expect(page.url()).toContain('view=add');
    await backDiscards(page);
    await page.waitForURL((url) => !url.hash.includes('view=add'));
    await new ListPage(page).waitLoaded();
    expect(shell.currentPath()).toBe('/datum/brand');
    expect(await drawer.isVisible()).toBe(false);
  });

  it('asks before Back discards a changed dialog, keeps it open on keep, and closes it and leaves on discard', async () => {
    const { page, shell } = await session.signedIn('admin');
    await openOwnedEntry(page, shell, '/datum/brand');
    // The users screen through the menu, a history entry the router made.
    await shell.openMenu(pick(settingGroup.title, 'zh_CN'), '用户');
    await page.waitForURL((url) => url.hash.startsWith('#/setting/user'));
    const users = new ListPage(page);
    await users.waitLoaded();
    await users.clickButton(/新建用户/);
    const dialog = page
      .locator('.ant-modal-wrap:visible .ant-modal')
      .filter({ has: page.locator('form') })
      .first();
    await dialog.locator('form').waitFor();
    await backAsksAndKeeps(page, dialog, 'e2e-back-user');
    expect(shell.currentPath()).toBe('/setting/user/user');
    expect(await dialog.isVisible()).toBe(true);
    await screenshot(page, 'forms-back-dialog-confirm');
    await backDiscards(page);
    await page.waitForURL((url) => url.hash.startsWith('#/datum/brand'));
    await new ListPage(page).waitLoaded();
    await dialog.waitFor({ state: 'detached' });
  });

  it('asks before Back discards a changed full-page add screen, and returns to the list on discard', async () => {
    const { page, shell } = await session.signedIn('admin');
    const listPath = '/member/level-material/level-material';
    await openOwnedEntry(page, shell, listPath);
    await new ListPage(page).clickButton('新增');
    await page.waitForURL((url) => url.hash.includes('level-material-add'));
    // The router keeps the list (and its filter form) on screen while the add screen loads: wait
    // for the add screen's own form.
    const form = page.locator(LEVEL_MATERIAL_FORM);
    await form.waitFor();
    await backAsksAndKeeps(page, form, 'E2E page typed before Back');
    expect(shell.currentPath()).toBe('/member/level-material/level-material-add');
    await backDiscards(page);
    await page.waitForURL((url) => !url.hash.includes('level-material-add'));
    await new ListPage(page).waitLoaded();
    expect(shell.currentPath()).toBe(listPath);
    // The discard question finishes closing before the next step reads the page.
    await page.locator(CONFIRM).first().waitFor({ state: 'detached' });
    // Nothing is changed any more: Forward and Back again go without asking.
    await page.goForward({ waitUntil: 'commit' });
    await page.locator(LEVEL_MATERIAL_FORM).waitFor();
    await page.goBack({ waitUntil: 'commit' });
    await page.waitForURL((url) => !url.hash.includes('level-material-add'));
    expect(await page.locator(CONFIRM).count()).toBe(0);
  });

  it('asks before a menu entry leaves a changed full-page form, and saving then leaves without asking', async () => {
    const { page, shell } = await session.signedIn('admin');
    await shell.goto(session.baseUrl, '/member/level-material/level-material-add');
    const form = page.locator(LEVEL_MATERIAL_FORM);
    await form.waitFor();
    const firstInput = form.locator('input:not([type=hidden]):not([disabled])').first();
    await firstInput.fill('E2E typed before the menu');
    await shell.openMenu(pick(datumGroup.title, 'zh_CN'), '品牌');
    const confirm = page.locator(CONFIRM).first();
    await confirm.waitFor();
    await keepEditing(confirm);
    await confirm.waitFor({ state: 'detached' });
    expect(shell.currentPath()).toBe('/member/level-material/level-material-add');
    expect(await firstInput.inputValue()).toBe('E2E typed before the menu');
    await shell.openMenu(pick(datumGroup.title, 'zh_CN'), '品牌');
    await confirmOpenDialog(page);
    await page.waitForURL((url) => url.hash.startsWith('#/datum/brand'));
    await new ListPage(page).waitLoaded();
    // A saved drawer form leaves without asking (its changed state lags one render behind the save).
    await new ListPage(page).clickButton('新增');
    const drawer = page.locator('.ant-drawer-content').first();
    await drawer.locator('form').waitFor();
    const brand = new FormPage(page, drawer);
    await brand.fill('品牌编码', `E2EG${Date.now() % 100000}`);
    await brand.fill('品牌名称', `离开前保存${Date.now() % 100000}`);
    await drawer.getByRole('button', { name: /保\s*存/ }).click();
    await page.waitForURL((url) => !url.hash.includes('view=add'));
    expect(await page.locator(CONFIRM).count()).toBe(0);
  });
});

/** Opens a screen by its address and reloads it, so the router owns the history entry Back returns to. */
async function openOwnedEntry(page: Page, shell: ShellPage, path: string) {
  await shell.goto(session.baseUrl, path);
  const list = new ListPage(page);
  await list.waitLoaded();
  await page.reload();
  await list.waitLoaded();
}

/**
 * Types into the first input of a form, presses Back, checks the question, and keeps editing:
 * the form and the typing stay.
 */
async function backAsksAndKeeps(page: Page, form: Locator, typed: string) {
  const firstInput = form.locator('input:not([type=hidden]):not([disabled])').first();
  await firstInput.fill(typed);
  await page.goBack({ waitUntil: 'commit' });
  const confirm = page.locator(CONFIRM).first();
  await confirm.waitFor();
  expect(await confirm.innerText()).toMatch(/放弃未保存的修改/);
  await keepEditing(confirm);
  await confirm.waitFor({ state: 'detached' });
  expect(await firstInput.inputValue()).toBe(typed);
}

/**
 * Answers "keep editing" once the question has stopped zooming in (a click during its opening
 * motion can land beside the button).
 */
async function keepEditing(confirm: Locator) {
  const keep = confirm.locator('.ant-btn').filter({ hasText: /继续编辑/ });
  await openingMotionEnded(keep);
  await keep.click();
}

/** Presses Back on a changed form and discards. */
async function backDiscards(page: Page) {
  await page.goBack({ waitUntil: 'commit' });
  await confirmOpenDialog(page);
}

describe('role editor', () => {
  it('searches the permission tree, keeping Save in reach', async () => {
    const { page, shell } = await session.signedIn('admin');
    await shell.goto(session.baseUrl, '/setting/role');
    await page.locator('.ant-table-row').first().click();
    const tree = page.locator('.ant-tree').first();
    await tree.locator('.ant-tree-treenode:not([aria-hidden]) .ant-tree-title').first().waitFor();
    const visibleTitles = () =>
      tree
        .locator('.ant-tree-treenode:not(.console-tree-hidden) .ant-tree-title')
        .evaluateAll((nodes) => nodes.filter((node) => (node as HTMLElement).offsetParent !== null).map((node) => node.textContent ?? ''));
    const before = await visibleTitles();
    await page.getByRole('searchbox', { name: /搜索权限|Search permissions/ }).fill('卡模板');
    await expect.poll(async () => (await visibleTitles()).length).toBeLessThan(before.length);
    const after = await visibleTitles();
    expect(after.some((title) => title.includes('卡模板'))).toBe(true);
    expect(after.some((title) => title.includes('标准会员'))).toBe(false);
    await screenshot(page, 'role-permission-search');
    // Scrolled down the tree, Save is still on screen.
    await page.mouse.wheel(0, 3000);
    const save = page.locator('.console-sticky-toolbar .ant-btn-primary').first();
    await expect.poll(() => save.isVisible()).toBe(true);
    const box = await save.boundingBox();
    expect(box && box.y >= 0 && box.y < 900).toBe(true);
  });
});
