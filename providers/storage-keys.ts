/**
 * Names of the browser storage entries the console keeps (specification §3). The names are
 * part of the product's contract (support staff and scripts look for them), spelling included:
 * `subNavVisiable` is written exactly as the specification writes it.
 */

/** Entries in `localStorage`: they survive a browser restart until logout clears them. */
export const LOCAL_KEYS = {
  /** The login info of the signed-in user (JSON). */
  user: 'ucenterUser',
  /** The user's permission entries `[{ resourceId, actions, pageUrl }]` (JSON). */
  permission: 'permission',
  /** The tenant's system configuration flags (JSON). */
  sysConfig: 'sysConfig',
  /** Page urls by permission resource, `{ resourceId: pageUrl }` (JSON). */
  menus: 'menus',
  /** Base url under which uploaded files are served. */
  fileBaseUrl: 'fileBaseUrl',
  /** The merchant of the signed-in user, `{ code, name }` (JSON). */
  customer: 'customer',
  /** Whether the side menu is expanded: `'true'` or `'false'`. */
  subNavVisible: 'subNavVisiable',
  /** The chosen locale, `zh_CN` or `en_US`. */
  locale: 'locale',
} as const;

/** Entries in `sessionStorage`: they live as long as the browser tab. */
export const SESSION_KEYS = {
  /** The translation table of the current locale, `{ locale, messages }` (JSON). */
  i18n: 'i18n',
  /** Id of the selected marketing centre, or empty; sent as the `marketingCenter` header. */
  marketCenter: 'marketCenter',
  /** Name of the selected marketing centre, shown in the header. */
  marketCenterName: 'marketCenterName',
} as const;

/**
 * Session marker set just before a reload caused by a failed screen chunk. It is not session
 * state of the user, so logout leaves it alone; it only stops a broken deployment from
 * reloading the page forever.
 */
export const CHUNK_RELOAD_MARKER = 'chunkReloadAt';

/** Every key logout clears from `localStorage`, exactly the list of §3. */
export const LOCAL_KEYS_CLEARED_ON_LOGOUT: readonly string[] = Object.values(LOCAL_KEYS);

/**
 * `sessionStorage` entry beside the translation table (`SESSION_KEYS.i18n`) saying which table
 * it holds, `{ locale, etag }`: a page's start reads these few bytes instead of the 400 kB table
 * (reading that entry alone took a tablet's main thread some 40 ms). Logout clears it with the table.
 */
export const SESSION_TABLE_VERSION = 'i18n.version';

/** Every key logout clears from `sessionStorage`: the list of §3 and the version of its table. */
export const SESSION_KEYS_CLEARED_ON_LOGOUT: readonly string[] = [...Object.values(SESSION_KEYS), SESSION_TABLE_VERSION];

/**
 * `localStorage` entry with the device's time zone as last read (sent as `time_zone`): the first
 * read of it builds the browser's time-zone data, some 20 ms of a page's start. Not user state:
 * logout leaves it.
 */
export const KEPT_TIME_ZONE = 'timeZone';

/** Reads a JSON entry; a missing or corrupt entry gives undefined instead of throwing. */
export function readJson<T>(storage: Storage, key: string): T | undefined {
  const text = storage.getItem(key);
  if (text === null || text === '') return undefined;
  try {
    return JSON.parse(text) as T;
  } catch {
    return undefined;
  }
}

/** The value last parsed per storage and key, with the text it was parsed from. */
const sharedEntries = new WeakMap<Storage, Map<string, { readonly text: string; readonly value: unknown }>>();

/**
 * {@link readJson} for the small entries read all the time and never changed by their readers
 * (the session, the grants, the merchant, the system flags): the route guard, the menu, every
 * permission check and every request read them, and parsing them each time was a few
 * milliseconds of each of a phone's first draws. The value is parsed again only when the entry's
 * text changed; until then every reader gets the same one, so none may change it.
 */
export function readSharedJson<T>(storage: Storage, key: string): Readonly<T> | undefined {
  const text = storage.getItem(key);
  if (text === null || text === '') return undefined;
  let entries = sharedEntries.get(storage);
  if (!entries) {
    entries = new Map();
    sharedEntries.set(storage, entries);
  }
  const last = entries.get(key);
  if (last?.text === text) return last.value as T;
  const value = readJson<T>(storage, key);
  if (value !== undefined) entries.set(key, { text, value });
  return value;
}

/** Writes a value as JSON. */
export function writeJson(storage: Storage, entry: { readonly key: string; readonly value: unknown }): void {
  storage.setItem(entry.key, JSON.stringify(entry.value));
}
