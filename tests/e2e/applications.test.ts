import { describe, expect, it } from 'vitest';
import { screenshot } from '../helpers/browser';
import { startReceiver } from '../helpers/webhook-receiver';
import { seriousViolations } from './pages/axe';
import { useDemoSession } from './pages/demo-session';
import { FormPage } from './pages/form.page';
import { ListPage } from './pages/list.page';

/**
 * Issue 31 §1 in the browser: an administrator registers a till as an application under
 * Settings, issues its key (shown once, in a dialog closed on purpose), the key calls the API
 * with no cookie, the call shows on the application's Calls tab, and the Keys tab reads in
 * English. Both tabs pass axe-core's WCAG 2.1 AA rules. §2: the application, edited to post
 * member registrations to a receiver on 127.0.0.1, gets its signing secret once on the Webhook
 * tab, and a member registered next is delivered, signed, and listed there with the receiver's 200.
 */
const session = useDemoSession();
const baseUrl = session.baseUrl;

describe('applications and keys', () => {
  it('registers a till, issues its key once, and lists the calls made with it, in both languages', async () => {
    const { page, shell } = await session.signedIn('admin');
    await page.setViewportSize({ width: 1280, height: 720 });
    const name = `端到端收银台${String(Date.now() % 10_000)}`;

    await shell.goto(baseUrl, '/setting/application');
    const list = new ListPage(page);
    await list.waitLoaded();
    await list.clickButton(/新\s*增/);
    const form = FormPage.inDialog(page);
    await form.fillAll({ 应用名称: name, 应用类型: '收银台', 可调用的操作: '会员/标准会员 · 会员资料查看' });
    await form.save();
    await list.waitLoaded();
    await expect.poll(async () => list.row(name).innerText()).toContain('启用');

    // The detail's Keys tab: issue one; it is shown once.
    await list.rowAction(name, '详情');
    await page.getByRole('tab', { name: '密钥' }).click();
    await page.getByRole('button', { name: '签发密钥' }).click();
    const key = (await page.getByTestId('issued-key').innerText()).trim();
    expect(key).toMatch(/^lk_[\w-]{40}$/);
    await screenshot(page, 'application-key-issued-zh');
    await page.getByRole('button', { name: '我已保存' }).click();
    const keys = page.locator('.ant-drawer:visible .ant-table-tbody');
    await expect.poll(() => keys.innerText()).toContain(key.slice(0, 11));
    expect(await keys.innerText()).toContain('有效');
    expect(await keys.innerText()).not.toContain(key);
    const findings = await seriousViolations(page);
    expect(findings.map((f) => `${f.impact} ${f.id}: ${f.nodes.join(' | ')}`)).toEqual([]);

    // The key calls the API as a till does: no cookie, no console header.
    const member = await page.request.get(`${baseUrl}/loyalty/v1/member/options`, { headers: { 'X-Requested-With': 'loyalty-console' } });
    const memberId = (await member.json()).data[0].id as number;
    const call = await fetch(`${baseUrl}/loyalty/v1/member/info/${memberId}`, { headers: { 'x-api-key': key } });
    expect(call.status).toBe(200);

    // Its Calls tab lists the call. The log is written a quarter second after a call ends (in
    // batches): the tab is opened once the log holds it, as the console's own query answers.
    const logged = async () => {
      const answer = await page.request.post(`${baseUrl}/loyalty/v1/application-calls/query`, {
        headers: { 'X-Requested-With': 'loyalty-console' },
        data: { filters: { keyPrefix: key.slice(0, 11) } },
      });
      return Number((await answer.json()).data?.total ?? 0);
    };
    await expect.poll(logged).toBeGreaterThan(0);
    await page.getByRole('tab', { name: '调用记录' }).click();
    const calls = page.locator('.ant-drawer:visible .ant-tabs-tabpane-active');
    await expect.poll(() => calls.innerText(), { timeout: 15_000 }).toContain('/loyalty/v1/member/info/:id');
    await screenshot(page, 'application-calls-zh');

    // Its webhook: the URL and an event edited on the application, the secret issued once.
    const receiver = await startReceiver();
    try {
      await page.keyboard.press('Escape');
      await list.rowAction(name, '编辑');
      const edit = FormPage.inDialog(page);
      await edit.fillAll({ 回调地址: receiver.url('e2e'), 订阅的事件: '会员注册' });
      await edit.save();
      await list.waitLoaded();
      await list.rowAction(name, '详情');
      await page.getByRole('tab', { name: '事件回调' }).click();
      await page.getByRole('button', { name: '生成签名密钥' }).click();
      const secret = (await page.getByTestId('webhook-secret').innerText()).trim();
      receiver.secrets.set('e2e', secret);
      await page.getByRole('button', { name: '我已保存' }).click();
      const registered = await page.request.post(`${baseUrl}/loyalty/v1/member/saveNew`, {
        headers: { 'X-Requested-With': 'loyalty-console' },
        data: { name: '回调会员', mobile: `139${String(Date.now()).slice(-8)}` },
      });
      expect(registered.status()).toBe(200);
      await expect
        .poll(() => receiver.unique('e2e').map((r) => [r.type, r.signed]), { timeout: 30_000 })
        .toEqual([['MEMBER_REGISTERED', true]]);
      // The tab lists the delivery with the receiver's answer, after its list's Refresh.
      const deliveries = page.locator('.ant-drawer:visible .ant-tabs-tabpane-active');
      await expect
        .poll(
          async () => {
            await deliveries.getByRole('button', { name: '刷新' }).click();
            await page.waitForTimeout(300);
            return deliveries.innerText();
          },
          { timeout: 20_000 },
        )
        .toContain('200');
      expect(await deliveries.innerText()).toContain('会员注册');
      await screenshot(page, 'application-webhook-zh');
    } finally {
      await receiver.close();
    }

    // In English.
    await shell.goto(baseUrl, '/setting/application');
    await list.waitLoaded();
    await shell.switchLanguage('en_US');
    await list.waitLoaded();
    await list.rowAction(name, 'Detail');
    await page.getByRole('tab', { name: 'Keys' }).click();
    await expect.poll(() => keys.innerText()).toContain('Active');
    expect(await page.locator('.ant-drawer:visible').innerText()).toContain('Issue a key');
    await screenshot(page, 'application-keys-en');
  });
});
