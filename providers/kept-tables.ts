/**
 * Where the browser keeps each locale's whole translation table between visits (i18n.ts): the
 * text of `{"etag":…,"messages":…}` under the locale's key, in IndexedDB (idb-keyval).
 *
 * Not in `localStorage`: a page's first read of `localStorage` loads the whole of it, at once and
 * on the main thread, and with both kept tables (about 430,000 characters) that read took 49-54 ms
 * on this machine instead of 5-8 (`npm run bench:storage-first-read`, bench/README.md) on every
 * page load, the login page's too, before anything drew. IndexedDB reads off the main thread and
 * only what is asked for.
 *
 * Every call answers, never throws: without IndexedDB (a private window that refuses it, a full
 * disk) nothing is kept and the table is downloaded when needed, as on a first visit.
 */
import { createStore, del, get, set, type UseStore } from 'idb-keyval';

let store: UseStore | null | undefined;

function tables(): UseStore | null {
  if (store === undefined) {
    try {
      store = typeof indexedDB === 'undefined' ? null : createStore('loyalty-console', 'translation-tables');
    } catch {
      store = null;
    }
  }
  return store;
}

/** The kept text under a key, or undefined (none kept, or no store). */
export async function readKeptText(key: string): Promise<string | undefined> {
  const kept = tables();
  if (!kept) return undefined;
  try {
    const text = await get<unknown>(key, kept);
    return typeof text === 'string' ? text : undefined;
  } catch {
    return undefined;
  }
}

/** Keeps a text under a key; true when it was kept. */
export async function writeKeptText(key: string, text: string): Promise<boolean> {
  const kept = tables();
  if (!kept) return false;
  try {
    await set(key, text, kept);
    return true;
  } catch {
    return false;
  }
}

/** Forgets what a key holds. */
export async function forgetKeptText(key: string): Promise<void> {
  const kept = tables();
  if (!kept) return;
  await del(key, kept).catch(() => undefined);
}
