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
