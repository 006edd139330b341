import { randomBytes } from 'node:crypto';
import type { BrowserContext, Page } from 'playwright-core';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { e2eStack } from './pages/stack';
import { datumGroup } from '../../resources/catalog/datum.catalog';
import { areaResource } from '../../resources/datum/area.resource';
import { brandResource } from '../../resources/datum/brand.resource';
import { storeResource } from '../../resources/datum/store.resource';
import type { EnumField, ResourceDef } from '../../resources/define';
import { errorMessages } from '../../resources/messages/errors.messages';
import { fillSlots, pick, type Bilingual, type Locale } from '../../resources/messages/bilingual';
import { screensMessages } from '../../resources/messages/screens.messages';
import { launchBrowser, screenshot, type TestBrowser } from '../helpers/browser';
import { confirmOpenDialog, looseText, openDialogs } from './pages/antd';
import { DetailPage } from './pages/detail.page';
import { FormPage } from './pages/form.page';
import { ListPage } from './pages/list.page';
import { LoginPage } from './pages/login.page';
import { ShellPage } from './pages/shell.page';

/**
 * Issue 3 item 7, master data in the browser: the demo administrator walks brand, store and area
 * through their whole life on the generic list with its drawer (add with a validation error,
 * find, sort, edit, detail, delete with confirmation), stores show the titles of their area and
 * marketing centre, areas are voided and restored, and the brand walk runs in English.
 */
const baseUrl = e2eStack().baseUrl;
const demoTenant = e2eStack().demoTenantCode;
const demoAccounts = e2eStack().demoAccounts;

let browser: TestBrowser;
const contexts: BrowserContext[] = [];

beforeAll(async () => {
  browser = await launchBrowser();
});

// The page of the running test, pictured when the test fails.
let current: Page | undefined;

afterEach(async (context) => {
  if (context.task.result?.state === 'fail' && current) {
    await screenshot(current, `failed-${context.task.name.slice(0, 40)}`).catch(() => undefined);
  }
  current = undefined;
});

afterAll(async () => {
  await Promise.all(contexts.map((context) => context.close().catch(() => undefined)));
  await browser?.close();
});

/** How long a poll waits for the screen to catch up (saves, reloads, fades). */
const WAIT = { timeout: 10_000 };

/** A code no other run or test uses: capital letters and digits, as the demo codes are. */
const uniqueCode = (prefix: string) => `${prefix}${randomBytes(3).toString('hex').toUpperCase()}`;

/** What the screens say in a language. */
function texts(locale: Locale) {
  const say = (text: Bilingual, values?: Record<string, string>) => fillSlots(pick(text, locale), values);
  const screen = (key: keyof typeof screensMessages, values?: Record<string, string>) => say(screensMessages[key], values);
  return {
    say,
    screen,
    label: (resource: ResourceDef, field: string) => say(resource.fields[field].label),
    option: (resource: ResourceDef, field: string, value: string) => say((resource.fields[field] as EnumField).options[value].label),
    required: (resource: ResourceDef, field: string) =>
      say(errorMessages['validation.required'], { label: say(resource.fields[field].label) }),
    keywordBox: new RegExp(`^${say(screensMessages['screens.keywordPlaceholder'], { fields: '' })}`),
  };
}

async function signedInAdmin(): Promise<{ page: Page; shell: ShellPage }> {
  const account = demoAccounts.find((candidate) => candidate.login === 'admin');
  if (!account) throw new Error('no demo admin');
  const { context, page } = await browser.newPage();
  contexts.push(context);
  const login = new LoginPage(page);
  await login.open(baseUrl);
  await login.signIn(demoTenant, account.login, account.password);
  current = page;
  const shell = new ShellPage(page);
  await shell.waitForShell();
  return { page, shell };
}

/** Opens the add drawer of a list and returns its form. */
async function openAdd(list: ListPage, locale: Locale): Promise<FormPage> {
  await list.clickButton(texts(locale).screen('screens.add'));
  const form = FormPage.inDialog(list.page);
  await form.root.waitFor();
  return form;
}

/** Saves a drawer form and waits until the drawer has closed and the list has reloaded. */
async function saveAndClose(list: ListPage, form: FormPage): Promise<void> {
  await form.save();
  await openDialogs(list.page).last().waitFor({ state: 'detached' });
  await list.waitLoaded();
}

/** A column's texts without empty cells (shown as a dash). */
const filled = (values: string[]) => values.filter((value) => value !== '' && value !== '-');
const ascending = (values: string[]) => values.every((value, index) => index === 0 || values[index - 1] <= value);
const descending = (values: string[]) => ascending([...values].reverse());

/** Sorts by a column and checks what antd marks and the order of what the page shows. */
async function sortAndCheck(list: ListPage, header: string): Promise<void> {
  const before = await list.sortOrder(header);
  await list.sortBy(header);
  const order = await list.sortOrder(header);
  expect(order).not.toBe(before);
  expect(order === 'ascending' || order === 'descending').toBe(true);
  const shown = filled(await list.column(header));
  expect(shown.length).toBeGreaterThan(1);
  expect(order === 'ascending' ? ascending(shown) : descending(shown)).toBe(true);
}

/** Opens a row's detail drawer, reads its values and closes it. */
async function detailOf(list: ListPage, rowText: string, locale: Locale): Promise<{ title: string; values: Record<string, string> }> {
  await list.rowAction(rowText, texts(locale).screen('screens.detail'));
  const detail = new DetailPage(list.page, openDialogs(list.page).last());
  const values = await detail.values();
  const title = await detail.title();
  await detail.close();
  return { title, values };
}

/** Deletes a row after its confirmation, which names the record, and checks it has gone. */
async function deleteRow(list: ListPage, rowText: string, title: string, locale: Locale): Promise<void> {
  const say = texts(locale);
  const question = await list.rowActionAsking(rowText, say.screen('screens.delete'));
  expect(question).toContain(say.screen('screens.confirmDeleteNamed', { title }));
  await list.confirm();
  await expect.poll(() => list.rows.filter({ hasText: rowText }).count(), WAIT).toBe(0);
}

describe('brand', () => {
  it('is added, found, sorted, edited, shown and deleted, in English after the language switch', async () => {
    const { page, shell } = await signedInAdmin();
    const zh = texts('zh_CN');
    await shell.openMenu(pick(datumGroup.title, 'zh_CN'), '品牌');
    const list = new ListPage(page);
    await list.waitLoaded();
    const chineseHeaders = await list.headers();
    expect(chineseHeaders).toEqual(expect.arrayContaining(['code', 'name', 'englishName'].map((name) => zh.label(brandResource, name))));
    await screenshot(page, 'datum-brand-list-zh');

    // The add drawer in Chinese, refusing an empty required field.
    let form = await openAdd(list, 'zh_CN');
    expect(await form.title()).toBe(zh.screen('screens.addTitle', { name: pick(brandResource.title, 'zh_CN') }));
    await form.fill(zh.label(brandResource, 'englishName'), 'Only English');
    await form.save();
    await expect.poll(() => form.errorOf(zh.label(brandResource, 'code')), WAIT).toBe(zh.required(brandResource, 'code'));
    await expect.poll(() => form.errorOf(zh.label(brandResource, 'name')), WAIT).toBe(zh.required(brandResource, 'name'));
    await screenshot(page, 'datum-brand-drawer-zh');
    await form.cancel();
    // Something was typed: closing asks before discarding it.
    await page.locator('.ant-modal-wrap:visible .ant-modal-confirm').first().waitFor();
    await confirmOpenDialog(page);
    await openDialogs(page).last().waitFor({ state: 'detached' });

    // Everything below in English.
    await shell.switchLanguage('en_US');
    const en = texts('en_US');
    const englishHeaders = await list.headers();
    expect(englishHeaders).toEqual(expect.arrayContaining(['code', 'name', 'englishName'].map((name) => en.label(brandResource, name))));
    expect(englishHeaders.some((header) => /[\u4e00-\u9fff]/.test(header))).toBe(false);
    await screenshot(page, 'datum-brand-list-en');

    const code = uniqueCode('E2EB');
    const name = `测试品牌${code}`;
    form = await openAdd(list, 'en_US');
    expect(await form.title()).toBe(en.screen('screens.addTitle', { name: pick(brandResource.title, 'en_US') }));
    await form.fill(en.label(brandResource, 'name'), name);
    await form.save();
    await expect.poll(() => form.errorOf(en.label(brandResource, 'code')), WAIT).toBe(en.required(brandResource, 'code'));
    await screenshot(page, 'datum-brand-drawer-en');
    await form.fill(en.label(brandResource, 'code'), code);
    await form.fill(en.label(brandResource, 'englishName'), 'E2E Brand');
    await saveAndClose(list, form);

    // Found by the keyword box.
    await list.search(code, en.keywordBox);
    expect(await list.column(en.label(brandResource, 'code'))).toEqual([code]);
    expect(await list.cell(code, en.label(brandResource, 'name'))).toBe(name);

    // Sorted by code, on the whole list.
    await list.reset();
    await sortAndCheck(list, en.label(brandResource, 'code'));

    // Edited: the code is fixed once saved, the English name changes.
    await list.search(code, en.keywordBox);
    await list.rowAction(code, en.screen('screens.edit'));
    form = FormPage.inDialog(page);
    expect(await form.title()).toBe(en.screen('screens.editTitle', { name: pick(brandResource.title, 'en_US') }));
    // The form shows the record once it has loaded; only then is it typed into.
    await expect.poll(() => form.valueOf(en.label(brandResource, 'code')), WAIT).toBe(code);
    expect(await form.field(en.label(brandResource, 'code')).locator('input').isDisabled()).toBe(true);
    await form.fill(en.label(brandResource, 'englishName'), 'E2E Brand Renamed');
    await saveAndClose(list, form);
    expect(await list.cell(code, en.label(brandResource, 'englishName'))).toBe('E2E Brand Renamed');

    // Shown in the detail drawer.
    const detail = await detailOf(list, code, 'en_US');
    expect(detail.title).toBe(en.screen('screens.detailTitle', { name: pick(brandResource.title, 'en_US') }));
    expect(detail.values[en.label(brandResource, 'code')]).toBe(code);
    expect(detail.values[en.label(brandResource, 'englishName')]).toBe('E2E Brand Renamed');

    // Deleted after confirming, and gone.
    await deleteRow(list, code, name, 'en_US');
    await expect.poll(() => list.emptyText(), WAIT).not.toBe('');
  });
});

describe('store', () => {
  it('shows the titles of its area and marketing centre, and goes through add, filter, sort, edit, detail and delete', async () => {
    const { page, shell } = await signedInAdmin();
    const zh = texts('zh_CN');
    const label = (field: string) => zh.label(storeResource, field);
    await shell.goto(baseUrl, '/datum/store/store');
    const list = new ListPage(page);
    await list.waitLoaded();
    // Relations read as titles: every store names its area, and no area or centre is a bare id.
    expect(filled(await list.column(label('area')))).toHaveLength(await list.rows.count());
    for (const header of [label('area'), label('marketingCenter')]) {
      const shown = filled(await list.column(header));
      expect(shown.length).toBeGreaterThan(0);
      for (const value of shown) expect(value).not.toMatch(/^\d+$/);
    }
    // antd's own texts follow the language too: the opening-date range filter asks in Chinese.
    // It folds behind 展开 and is drawn (its picker loaded) the first time the bar opens.
    await page
      .locator('form')
      .getByRole('button', { name: /展\s*开/ })
      .click();
    const range = page.locator('.ant-picker-range input');
    expect(await range.first().getAttribute('placeholder')).toBe('开始日期');
    await screenshot(page, 'datum-store-list-zh');

    const code = uniqueCode('E2ES');
    const name = `测试门店${code}`;
    let form = await openAdd(list, 'zh_CN');
    await form.fill(label('code'), code);
    await form.fill(label('name'), name);
    await form.save();
    await expect.poll(() => form.errorOf(label('area')), WAIT).toBe(zh.required(storeResource, 'area'));
    await expect.poll(() => form.errorOf(label('type')), WAIT).toBe(zh.required(storeResource, 'type'));
    await form.fillAll({
      [label('type')]: zh.option(storeResource, 'type', 'GAS_STATION'),
      [label('area')]: '上海',
      [label('marketingCenter')]: '华东营销中心',
      [label('address')]: '上海市浦东新区测试路1号',
      [label('phone')]: '021-50800000',
      [label('openingDate')]: '2024-03-15',
    });
    await expect.poll(() => form.errors(), WAIT).toEqual([]);
    await saveAndClose(list, form);

    // Found by the area filter together with the keyword; the row names its area and centre.
    await list.search(code, zh.keywordBox);
    await list.filter(label('area'), '上海');
    expect(await list.column(label('code'))).toEqual([code]);
    expect(await list.cell(code, label('area'))).toBe('上海');
    expect(await list.cell(code, label('marketingCenter'))).toBe('华东营销中心');
    expect(await list.cell(code, label('type'))).toBe(zh.option(storeResource, 'type', 'GAS_STATION'));
    expect(await list.cell(code, label('openingDate'))).toBe('2024-03-15');

    await list.reset();
    await sortAndCheck(list, label('openingDate'));

    // Edited: suspended and moved to another area.
    await list.search(code, zh.keywordBox);
    await list.rowAction(code, zh.screen('screens.edit'));
    form = FormPage.inDialog(page);
    await expect.poll(() => form.valueOf(label('area')), WAIT).toBe('上海');
    await form.fill(label('area'), '杭州');
    await form.fill(label('state'), zh.option(storeResource, 'state', 'SUSPENDED'));
    await saveAndClose(list, form);
    expect(await list.cell(code, label('area'))).toBe('杭州');
    expect(await list.cell(code, label('state'))).toBe(zh.option(storeResource, 'state', 'SUSPENDED'));

    const detail = await detailOf(list, code, 'zh_CN');
    expect(detail.values[label('area')]).toBe('杭州');
    expect(detail.values[label('marketingCenter')]).toBe('华东营销中心');
    expect(detail.values[label('name')]).toBe(name);

    await deleteRow(list, code, name, 'zh_CN');

    await list.reset();
    await shell.switchLanguage('en_US');
    const headers = await list.headers();
    expect(headers).toEqual(
      expect.arrayContaining([texts('en_US').label(storeResource, 'area'), texts('en_US').label(storeResource, 'marketingCenter')]),
    );
    await expect.poll(async () => range.first().getAttribute('placeholder')).toBe('Start date');
    await screenshot(page, 'datum-store-list-en');
  });
});

describe('area', () => {
  it('sits in the tree under its parent, is voided and restored with confirmation, edited, shown and deleted', async () => {
    const { page, shell } = await signedInAdmin();
    const zh = texts('zh_CN');
    const label = (field: string) => zh.label(areaResource, field);
    const stateText = (state: string) => zh.option(areaResource, 'state', state);
    const actionText = (name: 'void' | 'restore') => zh.say(areaResource.states!.actions[name].label);
    await shell.goto(baseUrl, '/datum/area/area');
    const list = new ListPage(page);
    await list.waitLoaded();
    // Sorted by code while every branch is folded, so the column shows the top level only.
    await sortAndCheck(list, label('code'));

    const code = uniqueCode('E2EA');
    const name = `测试片区${code}`;
    let form = await openAdd(list, 'zh_CN');
    await form.fill(label('parent'), '华东大区');
    await form.save();
    await expect.poll(() => form.errorOf(label('code')), WAIT).toBe(zh.required(areaResource, 'code'));
    await expect.poll(() => form.errorOf(label('name')), WAIT).toBe(zh.required(areaResource, 'name'));
    await form.fillAll({ [label('code')]: code, [label('name')]: name, [label('marketingCenter')]: '华东营销中心' });
    await saveAndClose(list, form);

    // In the tree, below its parent.
    await list.expandRow('华东大区');
    await list.row(code).waitFor();
    expect(await list.cell(code, label('state'))).toBe(stateText('NORMAL'));
    await screenshot(page, 'datum-area-list-zh');

    await list.search(code, zh.keywordBox);
    expect(await list.column(label('code'))).toEqual([code]);

    // Voided after confirming: the tag reads 已作废 and the area can no longer be edited.
    await list.search(code, zh.keywordBox);
    const voidQuestion = await list.rowActionAsking(code, actionText('void'));
    expect(voidQuestion).toContain(zh.say(areaResource.states!.actions.void.confirm!));
    await list.confirm();
    await expect.poll(() => list.cell(code, label('state')), WAIT).toBe(stateText('CANCEL'));
    expect(
      await list
        .row(code)
        .getByRole('button', { name: looseText(zh.screen('screens.edit')) })
        .count(),
    ).toBe(0);
    await screenshot(page, 'datum-area-voided-zh');

    // Restored after confirming: back to 正常.
    const restoreQuestion = await list.rowActionAsking(code, actionText('restore'));
    expect(restoreQuestion).toContain(zh.say(areaResource.states!.actions.restore.confirm!));
    await list.confirm();
    await expect.poll(() => list.cell(code, label('state')), WAIT).toBe(stateText('NORMAL'));

    await list.rowAction(code, zh.screen('screens.edit'));
    form = FormPage.inDialog(page);
    await expect.poll(() => form.valueOf(label('parent')), WAIT).toBe('华东大区');
    await form.fill(label('name'), `${name}改`);
    await saveAndClose(list, form);
    expect(await list.cell(code, label('name'))).toBe(`${name}改`);

    const detail = await detailOf(list, code, 'zh_CN');
    expect(detail.values[label('parent')]).toBe('华东大区');
    expect(detail.values[label('marketingCenter')]).toBe('华东营销中心');
    expect(detail.values[label('state')]).toBe(stateText('NORMAL'));

    await deleteRow(list, code, `${name}改`, 'zh_CN');

    await list.reset();
    await shell.switchLanguage('en_US');
    expect(await list.headers()).toEqual(
      expect.arrayContaining([texts('en_US').label(areaResource, 'code'), texts('en_US').label(areaResource, 'state')]),
    );
    await screenshot(page, 'datum-area-list-en');
  });
});
