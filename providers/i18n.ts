/**
 * Translations of the browser. The message map of a locale always comes from the server
 * (`GET /v1/i18n/gets`); no book is bundled. The browser keeps each locale's table between
 * visits with its ETag and asks only whether it changed (a 304 keeps the copy). Keys are flat (`error.network`, `perm.会员/标准会员`),
 * so i18next's key and namespace separators are off, and slots are single-braced `{name}` like
 * the books on the server write them.
 */
import type { I18nProvider } from '@refinedev/core';
import type { Locale as AntdLocale } from 'antd/es/locale';
import antdEnUS from 'antd/es/locale/en_US';
import antdZhCN from 'antd/es/locale/zh_CN';
import dayjs from 'dayjs';
import 'dayjs/locale/zh-cn.js';
import i18next, { type TOptions } from 'i18next';
import { useMemo } from 'react';
import { initReactI18next, useTranslation } from 'react-i18next';
import { DEFAULT_LOCALE, inSentence, isLocale, LOCALES, type Locale } from '../resources/messages/bilingual';
import { loginMessages, SERVED_LOGIN_TEXTS_ID, sharedLabelKey, type ServedLoginTexts } from '../resources/messages/scopes';
import { hashRoute, isOutsideShell } from './outside-shell';
import { LOCAL_KEYS, SESSION_KEYS, SESSION_TABLE_VERSION, readJson, writeJson } from './storage-keys';
import { apiGet, apiGetIfChanged, currentLocale } from './http';
import { readKeptText, writeKeptText } from './kept-tables';

/** A flat message map of one locale. */
export type MessageMap = Record<string, string>;

/**
 * What the session keeps under `i18n`: the map, the locale it belongs to and, for a whole table,
 * the server's ETag of it. Written in this order, so the start of the stored text says which
 * table it holds without reading the rest (see {@link remember}).
 */
interface StoredTable {
  readonly locale: Locale;
  readonly etag?: string;
  readonly messages: MessageMap;
  /**
   * The kept copy's text (`{"etag":…,"messages":…}`) when the table was read from it: the
   * session's copy is written from it, without writing 400 kB of JSON out again. Never stored.
   */
  readonly keptText?: string;
}

/** The shared i18next instance (react-i18next's hooks read it). */
export const i18n = i18next;

/**
 * The query of the whole table: its shared form (resources/messages/scopes.ts), a seventh of the
 * whole map's size, read through {@link readSharedLabel}.
 */
const WHOLE_TABLE = (locale: Locale) => ({ locale, scope: 'shared' }) as const;

/**
 * What i18next shows for a key the table lacks: a resource label the shared form writes once
 * (`res.<resource>.<label>` -> `res.*.<label>`), filled like any text; else the default text or
 * the key itself, as i18next would.
 */
function readSharedLabel(key: string, defaultValue: string | undefined, options: TOptions | undefined): string {
  const shared = sharedLabelKey(key);
  if (shared !== undefined && i18next.exists(shared)) return i18next.t(shared, options ?? {});
  return defaultValue ?? key;
}

/** Fetches the message map of a locale. `silent` leaves failures to the caller. */
export function fetchMessages(args: { readonly locale: Locale; readonly silent?: boolean; readonly scope?: 'login' }): Promise<MessageMap> {
  return apiGet<MessageMap>('/v1/i18n/gets', {
    params: { locale: args.locale, ...(args.scope ? { scope: args.scope } : {}) },
    headers: { locale: args.locale },
    silent: args.silent ?? false,
  });
}

/**
 * The whole table of a locale as this browser keeps it between visits, with the server's ETag.
 * Labels are no user data (the same for every merchant), so logout leaves them; the key is not
 * one of the session entries of §3.
 */
interface KeptTable {
  readonly etag: string;
  readonly messages: MessageMap;
}

/** A kept table as read, with its text. */
interface KeptRead extends KeptTable {
  readonly text: string;
}

/**
 * Key of the kept table of a locale in the kept tables' store (kept-tables.ts, IndexedDB). Earlier
 * builds kept it in `localStorage` under the same key: {@link initI18n} removes that copy.
 */
export function keptTableKey(locale: Locale): string {
  return `i18n.table.${locale}`;
}

/**
 * `localStorage` key of the kept `login` part of a locale's table (resources/messages/scopes.ts),
 * with the whole table's ETag: the login page draws with it and reads the whole table only when
 * the console needs it (about 20 kB of JSON to parse instead of 400 kB before the page draws).
 */
export function keptLoginKey(locale: Locale): string {
  return `i18n.login.${locale}`;
}

function keptIn(key: string): KeptRead | undefined {
  const text = localStorage.getItem(key);
  return text === null ? undefined : keptRead(text);
}

/** A kept table's text parsed, when it reads as a table. */
function keptRead(text: string): KeptRead | undefined {
  const kept = readJsonText<KeptTable>(text);
  return kept && typeof kept.etag === 'string' && typeof kept.messages === 'object' && kept.messages !== null
    ? { ...kept, text }
    : undefined;
}

function readJsonText<T>(text: string): T | undefined {
  try {
    return JSON.parse(text) as T;
  } catch {
    return undefined;
  }
}

async function keptTable(locale: Locale): Promise<KeptRead | undefined> {
  const text = await readKeptText(keptTableKey(locale));
  return text === undefined ? undefined : keptRead(text);
}

/** A kept whole table as its text and version, before it is parsed. */
interface KeptText {
  readonly etag: string;
  readonly text: string;
}

/** The kept whole table of a locale, its version read from the start of its text (not parsed). */
async function keptTextOf(locale: Locale): Promise<KeptText | undefined> {
  const text = await readKeptText(keptTableKey(locale));
  const quoted = text === undefined ? undefined : /^\{"etag":("(?:[^"\\]|\\.)*")/.exec(text)?.[1];
  const etag = quoted === undefined ? undefined : readJsonText<unknown>(quoted);
  return text !== undefined && typeof etag === 'string' ? { etag, text } : undefined;
}

function isParsed(kept: KeptRead | KeptText): kept is KeptRead {
  return 'messages' in kept;
}

/**
 * A kept table's text parsed, in a task of its own (the table's JSON: while the server answers
 * whether it changed, and not in the same long task as the page's start).
 */
async function parsedLater(kept: KeptText): Promise<KeptRead | undefined> {
  await new Promise((resolve) => setTimeout(resolve, 0));
  const table = keptRead(kept.text);
  return table?.etag === kept.etag ? table : undefined;
}

function keepLogin(args: { readonly locale: Locale; readonly table: KeptTable }): void {
  try {
    localStorage.setItem(
      keptLoginKey(args.locale),
      JSON.stringify({ etag: args.table.etag, messages: loginMessages(args.table.messages) }),
    );
  } catch {
    // The login page then reads the whole table, as before it was kept apart.
  }
}

/** The start of the server's success envelope around a map (`{ code, msg, data }`, in that order). */
const ENVELOPE_HEAD = /^\{"code":2000,"msg":"(?:[^"\\]|\\.)*","data":/;

/**
 * Downloads the whole table of a locale (unless the kept one, `kept`, is current) and keeps it as the server's text, without parsing it or
 * writing it out again (400 kB of JSON: on a first visit to the login page that work came right
 * after the page drew, where a tablet's user starts typing). Resolves with the kept version, or
 * undefined when nothing was kept (a failure, an unexpected answer, a full storage): then the
 * table is downloaded again when the console needs it.
 */
async function keepDownloadedTable(locale: Locale, kept?: Promise<KeptText | undefined>): Promise<string | undefined> {
  try {
    const keptEtag = (await kept)?.etag;
    const answer = await apiGetIfChanged<string>('/v1/i18n/gets', {
      params: WHOLE_TABLE(locale),
      headers: { locale },
      silent: true,
      responseType: 'text',
      transformResponse: (data: unknown) => data,
      ...(keptEtag ? { etag: keptEtag } : {}),
    });
    if (!answer.changed) return keptEtag;
    if (!answer.etag || typeof answer.data !== 'string') return undefined;
    const head = ENVELOPE_HEAD.exec(answer.data)?.[0];
    if (!head || !answer.data.endsWith('}}')) return undefined;
    const text = `{"etag":${JSON.stringify(answer.etag)},"messages":${answer.data.slice(head.length, -1)}}`;
    return (await writeKeptText(keptTableKey(locale), text)) ? answer.etag : undefined;
  } catch {
    return undefined;
  }
}

/** Keeps a whole table (in the background: nobody waits for it; a failure only costs the next load a download). */
function keep(args: { readonly locale: Locale; readonly table: KeptTable }): void {
  void writeKeptText(keptTableKey(args.locale), JSON.stringify(args.table)).then((kept) => {
    // Written after the whole table, so its version is never newer than the whole one kept.
    if (kept) keepLogin(args);
  });
}

/**
 * The whole table of a locale: the kept copy when the server says it is still current (304, a
 * few hundred bytes), else the server's new one, kept for the next visit.
 */
export async function loadTable(args: {
  readonly locale: Locale;
  readonly silent?: boolean;
  /** The kept copy when the caller has read it already (parsed, or as its text), null for none. */
  readonly kept?: KeptRead | KeptText | null;
}): Promise<StoredTable> {
  const { locale } = args;
  const keptCopy = args.kept === undefined ? await keptTextOf(locale) : (args.kept ?? undefined);
  const asking = apiGetIfChanged<MessageMap>('/v1/i18n/gets', {
    params: WHOLE_TABLE(locale),
    headers: { locale },
    silent: args.silent ?? false,
    ...(keptCopy ? { etag: keptCopy.etag } : {}),
  });
  // Failures are the answer's to report, after the kept copy is read.
  asking.catch(() => undefined);
  const kept = keptCopy === undefined || isParsed(keptCopy) ? keptCopy : await parsedLater(keptCopy);
  const answer = await asking;
  if (!answer.changed) {
    // Current, but the kept text did not read as a table: the table is downloaded.
    if (!kept) return loadTable({ ...args, kept: null });
    return { locale, etag: kept.etag, messages: kept.messages, keptText: kept.text };
  }
  if (answer.etag) keep({ locale, table: { etag: answer.etag, messages: answer.data } });
  return { locale, etag: answer.etag ?? undefined, messages: answer.data };
}

function storedTable(): StoredTable | undefined {
  const table = readJson<StoredTable>(sessionStorage, SESSION_KEYS.i18n);
  return table && isLocale(table.locale) && typeof table.messages === 'object' ? table : undefined;
}

/** Which table the session holds (`SESSION_TABLE_VERSION`), read without reading the table. */
function sessionTableVersion(): { readonly locale: Locale; readonly etag?: string } | undefined {
  const version = readJson<{ locale?: unknown; etag?: unknown }>(sessionStorage, SESSION_TABLE_VERSION);
  if (!version || !isLocale(version.locale)) return undefined;
  return { locale: version.locale, ...(typeof version.etag === 'string' ? { etag: version.etag } : {}) };
}

/** The locale of the session's table. */
function storedLocale(): Locale | undefined {
  return sessionTableVersion()?.locale;
}

/** The table the UI shows now, as last given to {@link remember}. */
let shownTable: StoredTable | undefined;

/**
 * Puts the table the UI shows into the session (§3: the session state holds the translation
 * table). The whole table is about 400 kB of JSON: writing it again on every page load and
 * sign-in check took a second of a tablet's main thread while the first screen drew, so a whole
 * table (one with an ETag) is written only when the session does not hold it already, which the
 * entry beside it tells (`SESSION_TABLE_VERSION`: reading the table's own text to tell took 20 ms).
 */
function remember(table: StoredTable): void {
  shownTable = table;
  localStorage.setItem(LOCAL_KEYS.locale, table.locale);
  const held = sessionTableVersion();
  if (table.etag && held?.locale === table.locale && held.etag === table.etag) return;
  // Never says more than the table holds: gone while the table is written.
  sessionStorage.removeItem(SESSION_TABLE_VERSION);
  const version = { locale: table.locale, ...(table.etag ? { etag: table.etag } : {}) };
  // The kept copy's text with the locale put first: the same text, not written out again.
  const kept = table.etag ? `{"etag":${JSON.stringify(table.etag)},"messages":` : undefined;
  if (kept && table.keptText?.startsWith(kept))
    sessionStorage.setItem(SESSION_KEYS.i18n, `{"locale":${JSON.stringify(table.locale)},${table.keptText.slice(1)}`);
  else writeJson(sessionStorage, { key: SESSION_KEYS.i18n, value: { ...version, messages: table.messages } });
  writeJson(sessionStorage, { key: SESSION_TABLE_VERSION, value: version });
}

/**
 * Writes the shown table into the session again if the session lost it (a sign-in after a
 * logout, which clears it); the table i18next holds when none was remembered yet.
 */
export function rememberShownTable(): void {
  // Before i18next starts (the session's early reading may answer before the language has loaded,
  // main.tsx) nothing is shown yet: the start's own load writes the table it shows.
  if (!i18next.isInitialized) return;
  const locale = currentLocale();
  if (shownTable?.locale === locale) {
    remember(shownTable);
    return;
  }
  const messages = i18next.getResourceBundle(locale, 'translation') as MessageMap | undefined;
  remember({ locale, messages: messages ?? {} });
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
  return localeFromUrl() ?? storedLocale() ?? (isLocale(stored) ? stored : DEFAULT_LOCALE);
}

/** True when the page starts outside the shell (the login page, the binding page of a WeChat card). */
export function startsOutsideShell(): boolean {
  return isOutsideShell(hashRoute(window.location.hash));
}

// dayjs names its locales differently from the product.
function applyDayjsLocale(locale: Locale): void {
  dayjs.locale(locale === 'en_US' ? 'en' : 'zh-cn');
}

/**
 * Puts a locale's map into i18next, over what it held. Keys are flat, so a shallow merge is the
 * whole merge, and the map is not copied first (i18next's default copy is a JSON round trip of
 * the whole table, tens of milliseconds on a tablet, while the first page draws).
 */
function addTable(locale: Locale, messages: MessageMap): void {
  i18next.addResourceBundle(locale, 'translation', messages, false, true, { skipCopy: true });
}

/** The whole table of the current locale, when the login page drew before it arrived. */
let wholeTable: Promise<void> = Promise.resolve();

/** Reading the kept whole table, put off until the console needs it (the login page drew with its part). */
let deferredWhole: (() => Promise<void>) | null = null;

/**
 * Resolves once the whole table of the current language is in i18next. The console's screens
 * wait for it (app-routes.tsx); on the login page it is usually there before the user has typed.
 * A failed download is tried again here, once per call.
 */
export function wholeTableReady(): Promise<void> {
  if (deferredWhole) {
    const read = deferredWhole;
    deferredWhole = null;
    wholeTable = read();
  }
  return wholeTable;
}

/**
 * The kept whole table, current when the login page asked (`etag`), put into i18next when
 * {@link wholeTableReady} is first called: at sign-in, not while the login page draws. A table
 * gone from the storage meanwhile is downloaded.
 */
function deferWhole(args: { readonly locale: Locale; readonly etag: string | Promise<string | undefined> }): Promise<void> {
  const { locale } = args;
  const read = async () => {
    const etag = await args.etag;
    const kept = etag === undefined ? undefined : await keptTable(locale);
    const table: StoredTable =
      kept && kept.etag === etag
        ? { locale, etag: kept.etag, messages: kept.messages, keptText: kept.text }
        : await loadTable({ locale, silent: true });
    addTable(locale, table.messages);
    if (i18next.language === locale) remember(table);
    // A first visit kept the whole table only: the next login page draws with its part.
    if (table.etag && keptIn(keptLoginKey(locale))?.etag !== table.etag)
      keepLogin({ locale, table: { etag: table.etag, messages: table.messages } });
  };
  return new Promise<void>((resolve) => {
    deferredWhole = () => {
      // A failed read leaves the console with the login part, as a failed download does.
      const done = read().catch(() => undefined);
      void done.then(resolve);
      return done;
    };
  });
}

/**
 * The login labels index.html carries (server/modules/i18n/index-page.ts), when they are of the
 * locale the page starts in; read once (a second start, after a language switch, asks the server).
 */
function servedLoginTexts(locale: Locale): MessageMap | undefined {
  const element = document.getElementById(SERVED_LOGIN_TEXTS_ID);
  if (!element) return undefined;
  element.remove();
  const served = readJsonText<ServedLoginTexts>(element.textContent ?? '');
  return served?.locale === locale && typeof served.messages === 'object' && served.messages !== null ? { ...served.messages } : undefined;
}

/**
 * The texts to draw the first page with, and the whole table when it follows later. Whole
 * table: the kept copy, asked only whether it changed. On a first visit to the login page: its
 * own labels (a few kB) first, the whole table following in the background, kept as the server's
 * text and read (parsed, given to i18next) when the console needs it, as on a later visit. When
 * the server cannot be reached the session's copy of the same locale is used, so a reload
 * during a short outage still shows text.
 */
async function firstTexts(locale: Locale): Promise<{
  messages: MessageMap;
  keptWhole?: { readonly etag: string | Promise<string | undefined> };
}> {
  const served = startsOutsideShell() ? servedLoginTexts(locale) : undefined;
  if (served) {
    // The page came with the login labels: it draws now, and the whole table is checked (or
    // downloaded) meanwhile and read when the console needs it.
    return { messages: served, keptWhole: { etag: keepDownloadedTable(locale, keptTextOf(locale)) } };
  }
  const login = startsOutsideShell() ? keptIn(keptLoginKey(locale)) : undefined;
  if (login) {
    // Whether the whole table changed, asked with the version its kept login part came from.
    const answer = await apiGetIfChanged<MessageMap>('/v1/i18n/gets', {
      params: WHOLE_TABLE(locale),
      headers: { locale },
      silent: true,
      etag: login.etag,
    }).catch(() => null);
    if (answer && !answer.changed) return { messages: login.messages, keptWhole: { etag: login.etag } };
    if (answer?.changed) {
      if (answer.etag) keep({ locale, table: { etag: answer.etag, messages: answer.data } });
      const table: StoredTable = { locale, etag: answer.etag ?? undefined, messages: answer.data };
      remember(table);
      return { messages: table.messages };
    }
  }
  const kept = (await keptTextOf(locale)) ?? null;
  if (!kept && startsOutsideShell()) {
    // A first visit: the login labels now; the whole table is downloaded and kept as its text
    // meanwhile, and read when the console needs it (as on a later visit).
    const keeping = keepDownloadedTable(locale);
    const messages = await fetchMessages({ locale, silent: true, scope: 'login' }).catch(() => ({}));
    return { messages, keptWhole: { etag: keeping } };
  }
  const whole = loadTable({ locale, silent: true, kept });
  try {
    const table = await whole;
    remember(table);
    // A table kept before its login part was: the next login page draws with the part.
    if (startsOutsideShell() && table.etag) keepLogin({ locale, table: { etag: table.etag, messages: table.messages } });
    return { messages: table.messages };
  } catch {
    const cached = storedTable();
    return { messages: cached?.locale === locale ? cached.messages : {} };
  }
}

/**
 * Earlier builds kept the whole tables in `localStorage`, which every page's first read of it then
 * loaded with it (kept-tables.ts): that copy goes, and the table is downloaded once into
 * IndexedDB.
 */
function forgetTablesKeptInLocalStorage(): void {
  for (const locale of LOCALES) localStorage.removeItem(keptTableKey(locale));
}

/** Loads the language and initialises i18next; the app renders after this resolves. */
export async function initI18n(requested?: Locale): Promise<Locale> {
  forgetTablesKeptInLocalStorage();
  const locale = requested ?? startupLocale();
  // Whoever waits for the whole table meanwhile waits for what this start decides.
  let settle: (table: Promise<void>) => void = () => undefined;
  wholeTable = new Promise<void>((resolve) => {
    settle = resolve;
  });
  deferredWhole = null;
  const { messages, keptWhole } = await firstTexts(locale);
  if (i18next.isInitialized) {
    // A second start (tests, a remount) only replaces the map and the language.
    addTable(locale, messages);
    await i18next.changeLanguage(locale);
  } else {
    await i18next.use(initReactI18next).init({
      lng: locale,
      fallbackLng: false,
      resources: { [locale]: { translation: messages } },
      keySeparator: false,
      nsSeparator: false,
      interpolation: { prefix: '{', suffix: '}', escapeValue: false },
      returnNull: false,
      parseMissingKeyHandler: readSharedLabel,
    });
    addFormats(i18next);
  }
  applyDayjsLocale(locale);
  if (keptWhole) settle(deferWhole({ locale, etag: keptWhole.etag }));
  else settle((wholeTable = Promise.resolve()));
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
 * Switches the language: loads the whole map first (the kept copy when the server says it is
 * current), so a failed load leaves the current language intact, then switches i18next, dayjs and (through {@link useAntdLocale})
 * antd.
 */
export async function changeLanguage(locale: Locale): Promise<void> {
  const table = await loadTable({ locale });
  deferredWhole = null;
  wholeTable = Promise.resolve();
  addTable(locale, table.messages);
  remember(table);
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
