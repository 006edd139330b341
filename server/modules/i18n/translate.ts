import { createHash } from 'node:crypto';
import { fillSlots, toMessageMap, type Locale, type MessageBook } from '../../../resources/messages/bilingual';
import { MESSAGE_BOOKS } from '../../../resources/messages/index';
import { loginMessages, shareResourceLabels } from '../../../resources/messages/scopes';

/**
 * Books that are derived rather than listed (catalogue titles, resource labels) register
 * themselves here at start-up, before the first request.
 */
const derivedBooks: MessageBook[] = [];
let cache: Partial<Record<Locale, Record<string, string>>> = {};
let tables = new Map<string, MessageTable>();

export function registerDerivedMessages(book: MessageBook): void {
  derivedBooks.push(book);
  cache = {};
  tables = new Map();
}

export function allMessageBooks(): readonly MessageBook[] {
  return [...MESSAGE_BOOKS, ...derivedBooks];
}

/** The complete message map of one locale, as GET /v1/i18n/gets serves it. */
export function messageMap(locale: Locale): Record<string, string> {
  return (cache[locale] ??= toMessageMap(allMessageBooks(), locale));
}

/** Translates a key in the given locale; an unknown key is returned as it is. */
export function translate(locale: Locale, key: string, values?: Record<string, string | number>): string {
  const template = messageMap(locale)[key] ?? key;
  return fillSlots(template, values);
}

/**
 * The parts of the table `GET /v1/i18n/gets` serves: `all`, or `login`, the labels the pages
 * outside the shell draw with (login, change of password, no licence, not found), the error
 * texts the HTTP client shows and the widget texts antd shows: the browser draws the login page
 * with these before the whole table has arrived. `shared` is the whole table with the labels
 * resources share written once (resources/messages/scopes.ts); the browser asks for that.
 */
export const MESSAGE_SCOPES = ['all', 'login', 'shared'] as const;
export type MessageScope = (typeof MESSAGE_SCOPES)[number];

/** A served table and its version. */
export interface MessageTable {
  /** Key -> text. */
  readonly messages: Record<string, string>;
  /** A strong ETag from the table's content: the same texts give the same tag in every process. */
  readonly etag: string;
}

/** The table of a locale and scope with its ETag, computed once per change of the books. */
export function messageTable(args: { readonly locale: Locale; readonly scope: MessageScope }): MessageTable {
  const id = `${args.locale}:${args.scope}`;
  let table = tables.get(id);
  if (!table) {
    const all = messageMap(args.locale);
    const messages = args.scope === 'all' ? all : args.scope === 'shared' ? shareResourceLabels(all) : loginMessages(all);
    const digest = createHash('sha256').update(id).update('\0').update(JSON.stringify(messages)).digest('base64url');
    table = { messages, etag: `"${digest.slice(0, 27)}"` };
    tables.set(id, table);
  }
  return table;
}
