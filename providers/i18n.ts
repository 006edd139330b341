/**
 * Translations of the browser. The message map of a locale always comes from the server
 * (`GET /v1/i18n/gets`); no book is bundled. Keys are flat (`error.network`, `perm.会员/标准会员`),
 * so i18next's key and namespace separators are off, and slots are single-braced `{name}` like
 * the books on the server write them.
 */
import type { I18nProvider } from '@refinedev/core';
import type { Locale as AntdLocale } from 'antd/es/locale';
import antdEnUS from 'antd/es/locale/en_US';
import antdZhCN from 'antd/es/locale/zh_CN';
import dayjs from 'dayjs';
import 'dayjs/locale/zh-cn.js';
import i18next from 'i18next';
import { useMemo } from 'react';
import { initReactI18next, useTranslation } from 'react-i18next';
import { DEFAULT_LOCALE, inSentence, isLocale, type Locale } from '../resources/messages/bilingual';
import { LOCAL_KEYS, SESSION_KEYS, readJson, writeJson } from './storage-keys';
import { apiGet, currentLocale } from './http';

/** A flat message map of one locale. */
export type MessageMap = Record<string, string>;

/** What the session keeps under `i18n`: the map and the locale it belongs to. */
interface StoredTable {
  readonly locale: Locale;
  readonly messages: MessageMap;
}

/** The shared i18next instance (react-i18next's hooks read it). */
export const i18n = i18next;

/** Fetches the message map of a locale. `silent` leaves failures to the caller. */
export function fetchMessages(args: { readonly locale: Locale; readonly silent?: boolean }): Promise<MessageMap> {
  return apiGet<MessageMap>('/v1/i18n/gets', {
    params: { locale: args.locale },
    headers: { locale: args.locale },
    silent: args.silent ?? false,
  });
}

function storedTable(): StoredTable | undefined {
  const table = readJson<StoredTable>(sessionStorage, SESSION_KEYS.i18n);
  return table && isLocale(table.locale) && typeof table.messages === 'object' ? table : undefined;
}

function remember(table: StoredTable): void {
  writeJson(sessionStorage, { key: SESSION_KEYS.i18n, value: table });
  localStorage.setItem(LOCAL_KEYS.locale, table.locale);
}

/** The `locale` query parameter, before or after the hash (`?locale=en_US#/login`, `#/login?locale=en_US`). */
function localeFromUrl(): Locale | undefined {
  const fromSearch = new URLSearchParams(window.location.search).get('locale');
  if (isLocale(fromSearch)) return fromSearch;
  const hashQuery = window.location.hash.split('?')[1] ?? '';
  const fromHash = new URLSearchParams(hashQuery).get('locale');
  return isLocale(fromHash) ? fromHash : undefined;
}

/** The locale to start in: query parameter, then the session, then the stored choice, then zh_CN. */
export function startupLocale(): Locale {
  const stored = localStorage.getItem(LOCAL_KEYS.locale);
  return localeFromUrl() ?? storedTable()?.locale ?? (isLocale(stored) ? stored : DEFAULT_LOCALE);
}

// dayjs names its locales differently from the product.
function applyDayjsLocale(locale: Locale): void {
  dayjs.locale(locale === 'en_US' ? 'en' : 'zh-cn');
}

/**
 * Loads the language and initialises i18next; the app renders after this resolves. When the
 * server cannot be reached the session's copy of the same locale is used, so a reload during
 * a short outage still shows text.
 */
export async function initI18n(requested?: Locale): Promise<Locale> {
  const locale = requested ?? startupLocale();
  let messages: MessageMap = {};
  try {
    messages = await fetchMessages({ locale, silent: true });
    remember({ locale, messages });
  } catch {
    const cached = storedTable();
    if (cached?.locale === locale) messages = cached.messages;
  }
  if (i18next.isInitialized) {
    // A second start (tests, a remount) only replaces the map and the language.
    i18next.addResourceBundle(locale, 'translation', messages, true, true);
    await i18next.changeLanguage(locale);
    applyDayjsLocale(locale);
    return locale;
  }
  await i18next.use(initReactI18next).init({
    lng: locale,
    fallbackLng: false,
    resources: { [locale]: { translation: messages } },
    keySeparator: false,
    nsSeparator: false,
    interpolation: { prefix: '{', suffix: '}', escapeValue: false },
    returnNull: false,
  });
  addFormats(i18next);
  applyDayjsLocale(locale);
  return locale;
}

/**
 * The slot formats the message books use: `{name, inSentence}` writes a capitalised label in
 * sentence case inside an English text ("Add {name, inSentence}" -> "Add card template").
 */
export function addFormats(instance: typeof i18next): void {
  instance.services.formatter?.add('inSentence', (value: unknown, lng: string | undefined) =>
    lng === 'en_US' ? inSentence(String(value)) : String(value),
  );
}

/**
 * Switches the language: reloads the map from the server first, so a failed load leaves the
 * current language intact, then switches i18next, dayjs and (through {@link useAntdLocale})
 * antd.
 */
export async function changeLanguage(locale: Locale): Promise<void> {
  const messages = await fetchMessages({ locale });
  i18next.addResourceBundle(locale, 'translation', messages, true, true);
  remember({ locale, messages });
  applyDayjsLocale(locale);
  await i18next.changeLanguage(locale);
}

/** Translates a key; braced slots are filled from `values`. A missing key shows itself. */
export function t(key: string, values?: Record<string, string | number>): string {
  return i18next.t(key, values ?? {});
}

// The widget texts of §9 come from the server like every other text; antd's own pack fills
// whatever the product does not name.
function overlayWidgetTexts(base: AntdLocale): AntdLocale {
  const text = (key: string): string | undefined => (i18next.exists(key) ? i18next.t(key) : undefined);
  const pick = <T>(value: string | undefined, fallback: T): string | T => value ?? fallback;
  return {
    ...base,
    Pagination: {
      ...base.Pagination,
      items_per_page: pick(text('widget.perPage'), base.Pagination?.items_per_page),
      jump_to: pick(text('widget.goTo'), base.Pagination?.jump_to),
    },
    Empty: { ...base.Empty, description: pick(text('widget.noData'), base.Empty?.description ?? '') },
    Table: {
      ...base.Table,
      filterConfirm: pick(text('widget.confirm'), base.Table?.filterConfirm),
      filterReset: pick(text('widget.reset'), base.Table?.filterReset),
      emptyText: pick(text('widget.noData'), base.Table?.emptyText),
    },
    Modal: {
      okText: pick(text('widget.ok'), base.Modal?.okText ?? ''),
      cancelText: pick(text('widget.cancel'), base.Modal?.cancelText ?? ''),
      justOkText: pick(text('widget.ok'), base.Modal?.justOkText ?? ''),
    },
    Popconfirm: {
      okText: pick(text('widget.ok'), base.Popconfirm?.okText ?? ''),
      cancelText: pick(text('widget.cancel'), base.Popconfirm?.cancelText ?? ''),
    },
  };
}

/** antd's locale object for a product locale, with the server's widget texts laid over it. */
export function antdLocaleFor(locale: Locale): AntdLocale {
  return overlayWidgetTexts(locale === 'en_US' ? antdEnUS : antdZhCN);
}

/** The antd locale of the current language; re-renders when the language changes. */
export function useAntdLocale(): AntdLocale {
  const { i18n: instance } = useTranslation();
  const locale: Locale = isLocale(instance.language) ? instance.language : DEFAULT_LOCALE;
  return useMemo(() => antdLocaleFor(locale), [locale]);
}

/** refine's i18n provider on the same instance. */
export const i18nProvider: I18nProvider = {
  translate: (key, options, defaultMessage) => {
    // refine passes the default text either as the second or the third argument.
    const fallback = typeof options === 'string' ? options : defaultMessage;
    const values = typeof options === 'object' && options !== null ? (options as Record<string, unknown>) : {};
    return i18next.t(key, { ...values, ...(fallback !== undefined ? { defaultValue: fallback } : {}) });
  },
  changeLocale: (locale: string) => (isLocale(locale) ? changeLanguage(locale) : Promise.resolve()),
  getLocale: () => currentLocale(),
};
