import type { Locator, Page } from 'playwright-core';
import { expect } from 'vitest';
import { formItem } from './antd';

/** Field names of the login form, as a user reads them in either language. */
const TENANT = /商户|Merchant/i;
const LOGIN = /用户|账号|User|Login|Account/i; // not the merchant field: 商户 ≠ 用户
const SUBMIT = /^\s*(登\s*录|Sign\s*in|Log\s*in)\s*$/i;

/** The sign-in screen at #/login: merchant code, user, password. */
export class LoginPage {
  constructor(readonly page: Page) {}

  async open(baseUrl: string): Promise<void> {
    await this.page.goto(`${baseUrl}/#/login`);
    await this.submitButton.waitFor();
  }

  get form(): Locator {
    return this.page
      .locator('form')
      .filter({ has: this.page.locator('input[type=password]') })
      .first();
  }

  /** The input of the form item labelled `name` or, failing that, the input with that placeholder. */
  field(name: RegExp): Locator {
    const labelled = formItem(this.form, name).locator('input');
    return labelled.or(this.form.locator('input').and(this.form.getByPlaceholder(name))).first();
  }

  get tenantInput(): Locator {
    return this.field(TENANT);
  }

  get loginInput(): Locator {
    return this.field(LOGIN);
  }

  get passwordInput(): Locator {
    return this.form.locator('input[type=password]').first();
  }

  get submitButton(): Locator {
    return this.page.getByRole('button', { name: SUBMIT }).first();
  }

  /** Fills the three fields and submits; does not wait for the outcome. */
  async submit(tenant: string, login: string, password: string): Promise<void> {
    await this.tenantInput.fill(tenant);
    await this.loginInput.fill(login);
    await this.passwordInput.fill(password);
    await this.submitButton.click();
  }

  /** Signs in and waits until the browser has left the login route. */
  async signIn(tenant: string, login: string, password: string): Promise<void> {
    await this.submit(tenant, login, password);
    await this.page.waitForURL((url) => !url.hash.startsWith('#/login'), { timeout: 20_000 });
  }

  /** The error the form shows after a refused sign-in (antd message or form alert). */
  async errorText(): Promise<string> {
    const error = this.page.locator('.ant-message-error, .ant-alert-error, .ant-form-item-explain-error').first();
    await error.waitFor();
    return (await error.innerText()).trim();
  }

  /** Switches the page's language with its 中文 | English buttons; done when the form reads in it. */
  async switchLanguage(to: 'zh_CN' | 'en_US'): Promise<void> {
    const choice = this.page
      .getByRole('group', { name: /^(语言|Language)$/ })
      .getByRole('button', { name: to === 'en_US' ? /^\s*English\s*$/ : /^\s*中文\s*$/ });
    await choice.click();
    await this.page
      .getByRole('button', { name: to === 'en_US' ? /^\s*Sign\s*in\s*$/i : /^\s*登\s*录\s*$/ })
      .first()
      .waitFor();
    await expect.poll(() => choice.getAttribute('aria-pressed')).toBe('true');
  }

  async isShown(): Promise<boolean> {
    return this.submitButton.isVisible();
  }
}
