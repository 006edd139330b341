import { randomBytes } from 'node:crypto';
import type { BrowserContext, Page } from 'playwright-core';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { e2eStack } from './pages/stack';
import { CARD_TEMPLATE_TYPES, type CardTemplateType } from '../../resources/catalog/card-template-types';
import { datumGroup } from '../../resources/catalog/datum.catalog';
import { depositGroup } from '../../resources/catalog/deposit.catalog';
import type { EnumField } from '../../resources/define';
import { cardTemplateResource } from '../../resources/deposit/card-template.resource';
import { errorMessages } from '../../resources/messages/errors.messages';
import { fillSlots } from '../../resources/messages/bilingual';
import { screensMessages } from '../../resources/messages/screens.messages';
import { connectDatabase, type Database } from '../../server/db/connection';
import { launchBrowser, screenshot, type TestBrowser } from '../helpers/browser';
import { createUser, FIXTURE_PASSWORD } from '../helpers/fixtures';
import { DetailPage } from './pages/detail.page';
import { FormPage, savedDetailThenList } from './pages/form.page';
import { ListPage } from './pages/list.page';
import { LoginPage } from './pages/login.page';
import { ShellPage } from './pages/shell.page';

/**
 * Issue 3 item 7, card templates in the browser: each card type is its own permission, so a
 * user who may only view physical gift card templates sees those and nothing else, is refused
 * the other types' details (by type and by number) and the edit screen; a maintainer of that
 * type adds a template and gets a number from the server; a user without any card template
 * permission has no menu entry and is refused the list; the administrator is offered Add and
 * the row actions.
 */
const baseUrl = e2eStack().baseUrl;
const demoTenant = e2eStack().demoTenantCode;
const demoAccounts = e2eStack().demoAccounts;

const ROUTE = '/deposit/prepay-card-tpl';
const LIST = `${ROUTE}/prepay-card-tpl`;
const EDIT = `${ROUTE}/prepay-card-tpl-edit`;
const DETAIL = `${ROUTE}/prepay-card-tpl-dtl`;
const WAIT = { timeout: 10_000 };

const zh = (text: readonly [string, string]) => text[0];
const label = (field: keyof typeof cardTemplateResource.fields) => zh(cardTemplateResource.fields[field].label);
const typeName = (type: CardTemplateType) => zh((cardTemplateResource.fields.cardTemplateType as EnumField).options[type].label);
const screenText = (key: keyof typeof screensMessages) => zh(screensMessages[key]);
const depositTitle = zh(depositGroup.title);
const entryTitle = zh(depositGroup.entries.find((entry) => entry.entry === 'prepay-card-tpl')!.title);
const resourceOf = (type: CardTemplateType) => CARD_TEMPLATE_TYPES.find((decl) => decl.type === type)!.resourceId;

let browser: TestBrowser;
let database: Database;
const contexts: BrowserContext[] = [];
let current: Page | undefined;
const suffix = randomBytes(3).toString('hex');
const logins = { viewer: `ct-viewer-${suffix}`, maintainer: `ct-maint-${suffix}`, none: `ct-none-${suffix}` };

/** The demo merchant's template numbers by card type, as the database holds them now. */
async function templateNumbers(): Promise<Map<string, string[]>> {
  const { rows } = await database.pool.query<{ number: string; type: string }>(
    `select t.number, t.card_template_type as type from card_templates t join tenants m on m.id = t.tenant_id
      where m.code = $1 order by t.number`,
    [demoTenant],
  );
  const byType = new Map<string, string[]>();
  for (const row of rows) byType.set(row.type, [...(byType.get(row.type) ?? []), row.number]);
  return byType;
}

async function firstNumberOf(type: CardTemplateType): Promise<string> {
  const number = (await templateNumbers()).get(type)?.[0];
  if (!number) throw new Error(`the demo merchant has no ${type} template`);
  return number;
}

beforeAll(async () => {
  browser = await launchBrowser();
  database = connectDatabase(e2eStack().databaseUrl, { max: 2 });
  const { rows } = await database.pool.query<{ id: string }>('select id from tenants where code = $1', [demoTenant]);
  const tenantId = Number(rows[0].id);
  const gift = resourceOf('OFFLINE_GIFT_CARD');
  await createUser(database, { tenantId, login: logins.viewer, grants: [{ resourceId: gift, action: '卡模板查看' }] });
  await createUser(database, { tenantId, login: logins.maintainer, grants: [{ resourceId: gift, action: '卡模板维护' }] });
  // Something to see (brands), but nothing of card templates.
  await createUser(database, { tenantId, login: logins.none, grants: [{ resourceId: '资料/品牌', action: '资料查看' }] });
});

afterEach(async (context) => {
  if (context.task.result?.state === 'fail' && current) {
    await screenshot(current, `failed-card-template-${context.task.name.slice(0, 40)}`).catch(() => undefined);
  }
  current = undefined;
});

afterAll(async () => {
  await Promise.all(contexts.map((context) => context.close().catch(() => undefined)));
  await browser?.close();
  await database?.close();
});

async function signedIn(login: string, password = FIXTURE_PASSWORD): Promise<{ page: Page; shell: ShellPage }> {
  const { context, page } = await browser.newPage();
  contexts.push(context);
  current = page;
  const loginPage = new LoginPage(page);
  await loginPage.open(baseUrl);
  await loginPage.signIn(demoTenant, login, password);
  const shell = new ShellPage(page);
  await shell.waitForShell();
  return { page, shell };
}

function adminPassword(): string {
  const account = demoAccounts.find((candidate) => candidate.login === 'admin');
  if (!account) throw new Error('no demo admin');
  return account.password;
}

/** Opens a route and waits until the guard has let the screen draw, or refused it. */
async function visit(shell: ShellPage, route: string): Promise<void> {
  await shell.goto(baseUrl, route);
  await shell.waitForScreen();
}

/** Opens a route the user is refused, and checks the refusal is what is shown. */
async function expectDenied(shell: ShellPage, route: string): Promise<void> {
  await visit(shell, route);
  await expect.poll(() => shell.isDenied(), WAIT).toBe(true);
}

/** Opens a detail route and returns the template it shows (number and type). */
async function shownTemplate(shell: ShellPage, route: string): Promise<{ number: string; type: string }> {
  await visit(shell, route);
  const detail = new DetailPage(shell.page);
  const number = await detail.value(label('number'));
  const type = await detail.value(label('cardTemplateType'));
  expect(await shell.isDenied()).toBe(false);
  return { number, type };
}

describe('a user who may only view physical gift card templates', () => {
  it('sees the menu entry and those templates only, opens their details and is refused the rest', async () => {
    const { page, shell } = await signedIn(logins.viewer);
    const offline = await firstNumberOf('OFFLINE_GIFT_CARD');
    const imprest = await firstNumberOf('IMPREST_CARD');

    expect(await shell.menuEntries(depositTitle)).toContain(entryTitle);
    await shell.openMenu(depositTitle, entryTitle);
    const list = new ListPage(page);
    await list.waitLoaded();
    expect(shell.currentPath()).toBe(LIST);
    const types = await list.column(label('cardTemplateType'));
    expect(types.length).toBeGreaterThan(0);
    expect(new Set(types)).toEqual(new Set([typeName('OFFLINE_GIFT_CARD')]));
    expect(await list.column(label('number'))).toContain(offline);
    expect(await list.column(label('number'))).not.toContain(imprest);
    // Viewing only: no Add, and each row offers its detail and nothing else.
    expect(await list.hasButton(screenText('screens.add'))).toBe(false);
    expect(await list.rowActions(offline)).toEqual([screenText('screens.detail')]);
    await screenshot(page, 'card-template-list-viewer-zh');

    // The row's detail link carries the template's type, which this user may view.
    await list.rowAction(offline, screenText('screens.detail'));
    await page.waitForURL((url) => url.hash.startsWith(`#${DETAIL}?`));
    expect(await new DetailPage(page).value(label('number'))).toBe(offline);
    expect(await shell.isDenied()).toBe(false);

    // By number: the template is looked up, its type checked, and it is shown.
    expect(await shownTemplate(shell, `${DETAIL}?number=${offline}`)).toEqual({ number: offline, type: typeName('OFFLINE_GIFT_CARD') });
    await screenshot(page, 'card-template-detail-by-number-viewer-zh');

    // By type alone: the guard lets the viewable type through (no template is named).
    await visit(shell, `${DETAIL}?cardTemplateType=OFFLINE_GIFT_CARD`);
    await expect.poll(() => page.getByText(screenText('screens.notFound')).first().isVisible(), WAIT).toBe(true);
    expect(await shell.isDenied()).toBe(false);

    // Another type, by type or by number, and the edit screen are refused.
    await expectDenied(shell, `${DETAIL}?cardTemplateType=IMPREST_CARD`);
    await screenshot(page, 'card-template-denied-imprest-viewer-zh');
    await visit(shell, LIST);
    await expectDenied(shell, `${DETAIL}?number=${imprest}`);
    await visit(shell, LIST);
    await expectDenied(shell, EDIT);
    await visit(shell, LIST);
    await expectDenied(shell, `${EDIT}?cardTemplateType=OFFLINE_GIFT_CARD`);
  });
});

describe('a user who maintains physical gift card templates', () => {
  it('opens the edit screen and adds a template whose number the server allocates', async () => {
    const { page, shell } = await signedIn(logins.maintainer);
    const before = new Set([...(await templateNumbers()).values()].flat());
    await visit(shell, LIST);
    const list = new ListPage(page);
    await list.waitLoaded();
    // Add is drawn once the access check has answered.
    await expect.poll(() => list.hasButton(screenText('screens.add'))).toBe(true);

    await list.clickButton(screenText('screens.add'));
    await page.waitForURL((url) => url.hash.startsWith(`#${EDIT}`));
    const form = new FormPage(page);
    await form.field(label('name')).waitFor();
    expect(await shell.isDenied()).toBe(false);
    expect(await form.title()).toBe(fillSlots(screenText('screens.addTitle'), { name: zh(cardTemplateResource.title) }));
    // The number is left to the server.
    expect(await form.valueOf(label('number'))).toBe('');

    const name = `E2E实体礼品卡${suffix}`;
    await form.fillAll({
      [label('cardTemplateType')]: typeName('OFFLINE_GIFT_CARD'),
      [label('faceValue')]: '300',
      [label('price')]: '288',
    });
    await form.save();
    await expect
      .poll(() => form.errorOf(label('name')), WAIT)
      .toBe(fillSlots(zh(errorMessages['validation.required']), { label: label('name') }));
    await screenshot(page, 'card-template-edit-maintainer-zh');
    await form.fill(label('name'), name);
    await form.save();

    await savedDetailThenList(page, { detail: DETAIL, list: LIST, leaveBy: 'back' });
    await list.waitLoaded();
    await list.row(name).waitFor();
    const number = await list.cell(name, label('number'));
    expect(number).toMatch(/^CT\d{8}$/);
    expect(before.has(number)).toBe(false);
    expect(await list.cell(name, label('cardTemplateType'))).toBe(typeName('OFFLINE_GIFT_CARD'));
    expect(await list.rowActions(name)).toContain(screenText('screens.edit'));
    await screenshot(page, 'card-template-list-maintainer-zh');

    expect(await shownTemplate(shell, `${DETAIL}?number=${number}`)).toEqual({ number, type: typeName('OFFLINE_GIFT_CARD') });

    // Editing its own type's template is allowed.
    await visit(shell, LIST);
    await list.waitLoaded();
    await list.rowAction(name, screenText('screens.edit'));
    await page.waitForURL((url) => url.hash.startsWith(`#${EDIT}?`));
    await expect.poll(() => form.valueOf(label('name')), WAIT).toBe(name);
    expect(await shell.isDenied()).toBe(false);
  });
});

describe('a user without card template permissions', () => {
  it('has no card template menu entry and is refused the list', async () => {
    const { page, shell } = await signedIn(logins.none);
    const groups = await shell.menuGroups();
    expect(groups).toContain(zh(datumGroup.title));
    if (groups.includes(depositTitle)) expect(await shell.menuEntries(depositTitle)).not.toContain(entryTitle);
    await expectDenied(shell, LIST);
    expect(shell.currentPath()).toBe(LIST);
    await screenshot(page, 'card-template-denied-list-none-zh');
  });
});

describe('the administrator', () => {
  it('is offered Add and the row actions on every card type', async () => {
    const { page, shell } = await signedIn('admin', adminPassword());
    await shell.openMenu(depositTitle, entryTitle);
    const list = new ListPage(page);
    await list.waitLoaded();
    await expect.poll(() => list.hasButton(screenText('screens.add'))).toBe(true);
    // Other tests and the demo add templates, so one page may hold a single type: the first and
    // the last type by the card type's order together show that several are listed.
    await list.sortBy(label('cardTemplateType'));
    const shownTypes = new Set(await list.column(label('cardTemplateType')));
    await list.sortBy(label('cardTemplateType'));
    for (const type of await list.column(label('cardTemplateType'))) shownTypes.add(type);
    expect(shownTypes.size).toBeGreaterThan(1);

    // A template not enabled yet can be seen, edited, enabled and deleted.
    const { rows } = await database.pool.query<{ number: string }>(
      `select t.number from card_templates t join tenants m on m.id = t.tenant_id
        where m.code = $1 and t.state = 'DRAFT' order by t.number limit 1`,
      [demoTenant],
    );
    expect(rows.length).toBe(1);
    const draft = rows[0].number;
    expect(await list.rowActions(draft)).toEqual([
      screenText('screens.detail'),
      screenText('screens.edit'),
      zh(cardTemplateResource.states!.actions.enable.label),
      screenText('screens.delete'),
    ]);
    await screenshot(page, 'card-template-list-admin-zh');

    const imprest = await firstNumberOf('IMPREST_CARD');

    expect(await shownTemplate(shell, `${DETAIL}?number=${imprest}`)).toEqual({ number: imprest, type: typeName('IMPREST_CARD') });
    await visit(shell, `${EDIT}?cardTemplateType=IMPREST_CARD`);
    await new FormPage(page).field(label('name')).waitFor();
    expect(await shell.isDenied()).toBe(false);
  });
});
