/**
 * Renders a browser screen for component tests (jsdom + MSW): an i18next instance built from the
 * real message books, antd's ConfigProvider, a MemoryRouter and <Refine> with the real data
 * provider and the real access control provider reading the grants stored the way sign-in stores them,
 * and the shell's feedback bridge: the HTTP client's messages render inside the tree (as in the
 * app), so unmounting the test's tree takes them away instead of leaving antd's page-wide holder
 * to remove its nodes later from a page the next file has emptied.
 */
import { Refine } from '@refinedev/core';
import { configure, screen, within, type RenderResult } from '@testing-library/react';
import { render } from './antd-styles';
import { App, ConfigProvider } from 'antd';
import { AntdScopeProvider } from '../../src/components/antd-scope';
import enUS from 'antd/es/locale/en_US';
import { createInstance, type i18n as I18n } from 'i18next';
import type { ReactElement } from 'react';
import { I18nextProvider, initReactI18next } from 'react-i18next';
import { MemoryRouter } from 'react-router-dom';
import { accessControlProvider } from '../../providers/access-control';
import { dataProvider } from '../../providers/data';
import { FeedbackBridge } from '../../src/shell/feedback-bridge';
import { addFormats } from '../../providers/i18n';
import type { Grants } from '../../resources/access';
import { toMessageMap, type Locale } from '../../resources/messages/bilingual';
import { MESSAGE_BOOKS } from '../../resources/messages/index';
import { LOCAL_KEYS } from '../../providers/storage-keys';

/** Base of the API as the http client calls it in jsdom (the page's origin + /loyalty). */
export const API = `${typeof window === 'undefined' ? 'http://localhost:3000' : window.location.origin}/loyalty`;

/**
 * What jsdom lacks and antd needs: matchMedia (grid and responsive observers) and
 * getComputedStyle with a pseudo-element (scrollbar measuring), which jsdom refuses noisily.
 * Also lets `findBy…`/`waitFor` wait longer than 1 s: antd renders slowly on a busy machine.
 */
export function installDomShims(): void {
  configure({ asyncUtilTimeout: 10_000 });
  if (typeof window.matchMedia !== 'function') {
    window.matchMedia = (query: string): MediaQueryList => ({
      matches: false,
      media: query,
      onchange: null,
      addListener: () => undefined,
      removeListener: () => undefined,
      addEventListener: () => undefined,
      removeEventListener: () => undefined,
      dispatchEvent: () => false,
    });
  }
  const original = window.getComputedStyle.bind(window);
  window.getComputedStyle = (element: Element) => original(element);
}

/** An i18next instance on the real books, configured like the app's (flat keys, `{slot}`). */
export async function createTestI18n(locale: Locale = 'en_US'): Promise<I18n> {
  const instance = createInstance();
  await instance.use(initReactI18next).init({
    lng: locale,
    fallbackLng: false,
    resources: { [locale]: { translation: toMessageMap(MESSAGE_BOOKS, locale) } },
    keySeparator: false,
    nsSeparator: false,
    interpolation: { prefix: '{', suffix: '}', escapeValue: false },
    returnNull: false,
  });
  addFormats(instance);
  return instance;
}

/** Stores the signed-in user's grants where the access control provider reads them. */
export function grant(grants: Grants): void {
  localStorage.setItem(LOCAL_KEYS.permission, JSON.stringify(grants));
}

/** Renders a screen inside the providers it needs. */
export function renderScreen(element: ReactElement, i18n: I18n): RenderResult {
  return render(
    <I18nextProvider i18n={i18n}>
      <ConfigProvider locale={enUS}>
        <AntdScopeProvider>
          <MemoryRouter future={{ v7_startTransition: true, v7_relativeSplatPath: true }}>
            <Refine dataProvider={dataProvider} accessControlProvider={accessControlProvider} options={{ disableTelemetry: true }}>
              <App component={false}>
                <FeedbackBridge />
                {element}
              </App>
            </Refine>
          </MemoryRouter>
        </AntdScopeProvider>
      </ConfigProvider>
    </I18nextProvider>,
  );
}

/**
 * The button whose text is `text` (text queries: role queries walk antd's large trees through
 * getComputedStyle and are too slow under load).
 */
export function buttonByText(text: string | RegExp, scope: HTMLElement = document.body): HTMLButtonElement {
  const button = within(scope).getByText(text).closest('button');
  if (!button) throw new Error(`No button with text ${String(text)}`);
  return button;
}

/** The open antd dialog (modal or confirm) with this title. */
export function dialogByTitle(title: string | RegExp): HTMLElement {
  // A confirm dialog repeats its title for screen readers; the first is the visible one.
  const [heading] = screen.getAllByText(title, { selector: '.ant-modal-title, .ant-modal-confirm-title' });
  const dialog = heading.closest('.ant-modal');
  if (!(dialog instanceof HTMLElement)) throw new Error(`No dialog titled ${String(title)}`);
  return dialog;
}

/** The checkbox input of a labelled antd checkbox (or tree node) inside `scope`. */
export function checkboxByLabel(label: string, scope: HTMLElement = document.body): HTMLInputElement {
  const input = within(scope).getByText(label).closest('label')?.querySelector('input');
  if (!input) throw new Error(`No checkbox labelled ${label}`);
  return input;
}
