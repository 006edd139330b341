import { describe, expect, it } from 'vitest';
import { screenshot } from '../helpers/browser';
import { seriousViolations } from './pages/axe';
import { useDemoSession } from './pages/demo-session';
import { FormPage } from './pages/form.page';

/**
 * Issue 27 §1 in the browser: the app push account (JPush) is a screen of Settings › Channel
 * gateway beside the SMS one. A malformed AppKey is refused under its field with JPush's shape;
 * saved with a Master secret, the screen shows a mask, never the secret; the health page shows
 * app push connected. Both languages, no serious axe violation.
 */
const session = useDemoSession();
const baseUrl = session.baseUrl;
const MASTER_SECRET = 'jpush-master-secret-e2e-0001';

describe('the app push account', () => {
  it('is set up in Chinese, refused naming the AppKey, saved with its secret masked, and read in English', async () => {
    const { page, shell } = await session.signedIn('admin');
    await shell.goto(baseUrl, '/setting/channel/channel-push');
    await page.getByRole('button', { name: /^编\s*辑$/ }).click();
    const form = new FormPage(page);
    await form.field('Master Secret').waitFor();
    await form.fill('AppKey', 'not-a-key');
    await form.save();
    await expect.poll(() => form.errorOf('AppKey')).toBe('AppKey 为 24 位十六进制字符');
    expect(await form.valueOf('推送服务地址')).toBe('https://api.jpush.cn');
    expect(await seriousViolations(page)).toEqual([]);
    await screenshot(page, 'push-channel-edit-zh');

    await form.fill('AppKey', '0123456789abcdef01234567');
    await form.fill('Master Secret', MASTER_SECRET);
    await form.save();
    const detail = page.locator('.ant-descriptions').first();
    await expect.poll(() => detail.innerText()).toContain('0123456789abcdef01234567');
    expect(await page.locator('body').innerText()).not.toContain(MASTER_SECRET);

    await shell.goto(baseUrl, '/setting/channel/channel-health');
    await expect.poll(() => page.locator('tr', { hasText: '应用推送' }).first().innerText()).toContain('已接入');

    await shell.switchLanguage('en_US');
    await shell.goto(baseUrl, '/setting/channel/channel-push');
    await expect.poll(() => detail.innerText()).toContain('Push service address');
    expect(await detail.innerText()).toContain('iOS production');
    expect(await seriousViolations(page)).toEqual([]);
    await screenshot(page, 'push-channel-read-en');
  }, 180_000);
});
