/**
 * Every visible string of the product is declared once with both of its languages, so a
 * missing translation is a type error rather than a blank label at run time.
 * The server serves these books through GET /v1/i18n/gets; the browser never bundles them.
 */

/** A text in the two supported locales: [zh_CN, en_US]. Slots are written `{name}`. */
export type Bilingual = readonly [zh: string, en: string];

/** A flat book of message keys; keys are full (`shell.login.title`), never nested. */
export type MessageBook = Readonly<Record<string, Bilingual>>;

/** The locales the product supports; zh_CN is the default (specification §9). */
export const LOCALES = ['zh_CN', 'en_US'] as const;
export type Locale = (typeof LOCALES)[number];
export const DEFAULT_LOCALE: Locale = 'zh_CN';

export function isLocale(value: unknown): value is Locale {
  return typeof value === 'string' && (LOCALES as readonly string[]).includes(value);
}

/** Identity helper that keeps the literal keys of a book for type-checked lookups. */
export function defineMessages<T extends MessageBook>(book: T): T {
  return book;
}

/** Picks one locale's side of a bilingual text. */
export function pick(text: Bilingual, locale: Locale): string {
  return locale === 'en_US' ? text[1] : text[0];
}

/** Flattens books into the message map of one locale. Later books win on a repeated key. */
export function toMessageMap(books: readonly MessageBook[], locale: Locale): Record<string, string> {
  const map: Record<string, string> = {};
  for (const book of books) {
    for (const [key, text] of Object.entries(book)) map[key] = pick(text, locale);
  }
  return map;
}

/**
 * Fills braced named slots: `format('Total {total}', { total: 3 })` -> `Total 3`. A slot may name
 * a format as the browser's i18next does: `{name, inSentence}` ({@link inSentence}).
 */
export function fillSlots(template: string, values: Readonly<Record<string, string | number>> = {}): string {
  return template.replace(/\{(\w+)(?:,\s*(\w+))?\}/g, (whole, name: string, format: string | undefined) => {
    if (!Object.prototype.hasOwnProperty.call(values, name)) return whole;
    const value = String(values[name]);
    return format === 'inSentence' ? inSentence(value) : value;
  });
}

// Names that keep their capital inside an English sentence.
const PROPER_NOUNS: ReadonlySet<string> = new Set(['Alipay', 'Meituan', 'WeChat', 'Excel']);

/**
 * A capitalised English label written inside a sentence: "Card template" -> "card template",
 * "Name / Code" -> "name / code". Only a capitalised word followed by lower-case letters is
 * lowered; acronyms (ID, QR), mixed-case names (WeChat) and proper nouns stay as they are, and
 * Chinese text is unchanged. Slot format `{name, inSentence}` (providers/i18n.ts).
 */
export function inSentence(text: string): string {
  return text.replace(/\b([A-Z])([a-z]+)\b/g, (word: string, first: string, rest: string) =>
    PROPER_NOUNS.has(word) ? word : `${first.toLowerCase()}${rest}`,
  );
}
