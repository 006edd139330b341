/**
 * The `login` part of the translation table (`GET /v1/i18n/gets?scope=login`): the labels the
 * pages outside the shell draw with (login, change of password, no licence, not found), the error
 * texts the HTTP client shows and the widget texts antd shows. The server serves it; the browser
 * keeps it beside the whole table, so the login page draws without reading the whole one.
 */
const LOGIN_KEY = /^(?:shell|error|validation|widget)\./;

/** True for a key of the `login` part. */
export function isLoginMessage(key: string): boolean {
  return LOGIN_KEY.test(key);
}

/** The `login` part of a message map. */
export function loginMessages(messages: Readonly<Record<string, string>>): Record<string, string> {
  return Object.fromEntries(Object.entries(messages).filter(([key]) => isLoginMessage(key)));
}

/**
 * The `login` part of one locale as index.html carries it (server/modules/i18n/index-page.ts), in
 * a data block of this id: a first visit draws the login page without asking for its labels.
 */
export const SERVED_LOGIN_TEXTS_ID = 'login-texts';

export interface ServedLoginTexts {
  readonly locale: string;
  readonly messages: Readonly<Record<string, string>>;
}

/**
 * The `shared` form of the whole table (`GET /v1/i18n/gets?scope=shared`, what the browser asks
 * for): a label many resources give the same text is written once, `res.*.<label>`, and
 * `res.<resource>.<label>` only where a resource's text differs. The activity kinds and their
 * families repeat their fields' labels, so the whole table has some 17,000 resource labels with
 * fewer than 2,000 texts; shared, it is about a seventh of the size, which the browser keeps,
 * stores twice (§3's session and the kept copy) and parses on every page load.
 */
export const SHARED_LABEL_PREFIX = 'res.*.';

/** `res.<resource>.<label>` -> `res.*.<label>`, what the label reads as when the resource has none of its own; undefined for any other key. */
export function sharedLabelKey(key: string): string | undefined {
  if (!key.startsWith('res.') || key.startsWith(SHARED_LABEL_PREFIX)) return undefined;
  const end = key.indexOf('.', 'res.'.length);
  return end < 0 ? undefined : `${SHARED_LABEL_PREFIX}${key.slice(end + 1)}`;
}

/**
 * A whole table in the shared form. Every key of the table reads the same through
 * {@link sharedLabelKey} (a label of the resource itself first, else the shared one); a label
 * only one resource has stays its own.
 */
export function shareResourceLabels(messages: Readonly<Record<string, string>>): Record<string, string> {
  const textsOf = new Map<string, Map<string, number>>();
  for (const [key, text] of Object.entries(messages)) {
    const shared = sharedLabelKey(key);
    if (shared === undefined) continue;
    const texts = textsOf.get(shared) ?? new Map<string, number>();
    texts.set(text, (texts.get(text) ?? 0) + 1);
    textsOf.set(shared, texts);
  }
  const common = new Map<string, string>();
  for (const [shared, texts] of textsOf) {
    let best: [string, number] | undefined;
    for (const entry of texts) if (!best || entry[1] > best[1]) best = entry;
    if (best && best[1] > 1) common.set(shared, best[0]);
  }
  const out: Record<string, string> = Object.fromEntries(common);
  for (const [key, text] of Object.entries(messages)) {
    const shared = sharedLabelKey(key);
    if (shared === undefined || common.get(shared) !== text) out[key] = text;
  }
  return out;
}
