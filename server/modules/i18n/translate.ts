import { fillSlots, toMessageMap, type Locale, type MessageBook } from '../../../resources/messages/bilingual';
import { MESSAGE_BOOKS } from '../../../resources/messages/index';

/**
 * Books that are derived rather than listed (catalogue titles, resource labels) register
 * themselves here at start-up, before the first request.
 */
const derivedBooks: MessageBook[] = [];
let cache: Partial<Record<Locale, Record<string, string>>> = {};

export function registerDerivedMessages(book: MessageBook): void {
  derivedBooks.push(book);
  cache = {};
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
