/**
 * The one HTTP client of the browser (specification §7, DESIGN §3). Every call carries the four
 * context headers, array query parameters repeat their key, and the envelope is unwrapped so
 * callers receive `data` or an {@link ApiError}. Failures follow the error catalogue of §8;
 * what the user sees is decided here once, not by each screen.
 */
import axios, { type AxiosError, type AxiosRequestConfig, type AxiosResponse, type InternalAxiosRequestConfig } from 'axios';
import { Modal, message } from 'antd';
import i18next from 'i18next';
import { DEFAULT_LOCALE, isLocale, type Locale } from '../resources/messages/bilingual';
import { ERROR_CODES, LICENSE_INVALID_MESSAGE, SUCCESS_CODE, type FieldMessage } from '../resources/contract/envelope';
import { KEPT_TIME_ZONE, LOCAL_KEYS, SESSION_KEYS, readSharedJson } from './storage-keys';
import { CLIENT_HEADER, CLIENT_HEADER_VALUE } from '../resources/contract/client-header';
import type { ApiBody, ApiData, ApiMethod, ApiPath, ApiPathParams, ApiQuery } from '../resources/contract/api.types';

/** Fixed web-application path of the service under the current origin. */
export const SERVICE_BASE = '/loyalty';

/** Calls give up after 60 seconds (§9). */
export const HTTP_TIMEOUT_MS = 60_000;

/** The body an invalid licence is recognised by (§8). */
export const LICENSE_INVALID = LICENSE_INVALID_MESSAGE;

/** The route of the no-licence page; the misspelling is the specified route name. */
export const NO_LICENCE_PATH = '/no-lisence';

declare module 'axios' {
  interface AxiosRequestConfig {
    /**
     * The caller shows failures itself (the login form, logout): no toast, and a 401 is an
     * ordinary error instead of the sign-in-again dialog.
     */
    silent?: boolean;
  }
}

/** One invalid field of a rejected request, as the server names it. */
export type { FieldMessage };

/** Which row of the error catalogue a failure fell into. */
export type ApiErrorKind =
  'network' | 'unauthenticated' | 'licenseInvalid' | 'business' | 'forbidden' | 'maintenance' | 'internal' | 'unknown';

/**
 * A failed call. It satisfies refine's `HttpError` (message, statusCode, errors), so refine's
 * forms put `errors` next to their fields.
 */
export class ApiError extends Error {
  /** Catalogue row. */
  readonly kind: ApiErrorKind;
  /** HTTP status; 0 when no response arrived. */
  readonly statusCode: number;
  /** Envelope code, when the server sent one. */
  readonly code: number | undefined;
  /** Invalid fields of a 400. */
  readonly fields: readonly FieldMessage[];
  /** The same fields keyed by name, the shape refine's forms read. */
  readonly errors: Record<string, string> | undefined;
  /** True once the user has been told (toast, dialog or redirect); screens then stay quiet. */
  handled: boolean;

  constructor(init: { kind: ApiErrorKind; message: string; statusCode: number; code?: number; fields?: readonly FieldMessage[] }) {
    super(init.message);
    this.name = 'ApiError';
    this.kind = init.kind;
    this.statusCode = init.statusCode;
    this.code = init.code;
    this.fields = init.fields ?? [];
    this.errors = this.fields.length > 0 ? Object.fromEntries(this.fields.map((f) => [f.field, f.msg])) : undefined;
    this.handled = false;
  }
}

/** True for an {@link ApiError}. */
export function isApiError(error: unknown): error is ApiError {
  return error instanceof ApiError;
}

/**
 * How failures reach the user. The defaults use antd's static functions so the client works
 * before (and without) the shell; the shell swaps in context-aware ones that follow the theme
 * and replaces `logout` with the auth provider's.
 */
export interface HttpFeedback {
  /** Shows a failure message (one at a time: a newer one takes the place of the last). */
  showError(text: string): void;
  /** Takes away the failure message shown, once what failed has succeeded. */
  clearErrors(): void;
  /** Opens the sign-in-again confirmation; `onClose` runs however it closes. */
  confirm(args: { title: string; content: string; onOk: () => void; onClose: () => void }): void;
  /** Moves to a route of the hash router. */
  navigate(path: string): void;
  /** Ends the session after the user confirmed the 401 dialog. */
  logout(): void | Promise<void>;
}

/** The key of the one failure message on screen (antd replaces a message shown under the same key). */
export const REQUEST_ERROR_KEY = 'request-error';

const defaultFeedback: HttpFeedback = {
  showError: (text) => {
    void message.error({ content: text, key: REQUEST_ERROR_KEY });
  },
  clearErrors: () => message.destroy(REQUEST_ERROR_KEY),
  confirm: ({ title, content, onOk, onClose }) => {
    Modal.confirm({ title, content, onOk, afterClose: onClose });
  },
  navigate: (path) => {
    window.location.hash = `#${path}`;
  },
  logout: () => {
    window.location.hash = '#/login';
  },
};

let feedback: HttpFeedback = { ...defaultFeedback };

/** Replaces some of the feedback functions; returns a function restoring the previous ones. */
export function setHttpFeedback(overrides: Partial<HttpFeedback>): () => void {
  const previous = feedback;
  feedback = { ...feedback, ...overrides };
  return () => {
    feedback = previous;
  };
}

/** The locale the UI currently shows: i18next's language, then the stored choice, then zh_CN. */
export function currentLocale(): Locale {
  if (isLocale(i18next.language)) return i18next.language;
  const stored = typeof localStorage === 'undefined' ? null : localStorage.getItem(LOCAL_KEYS.locale);
  return isLocale(stored) ? stored : DEFAULT_LOCALE;
}

/** Absolute url of the service base for the page's origin. */
export function serviceUrl(): string {
  return `${window.location.origin}${SERVICE_BASE}`;
}

/** A fresh id for one call; `randomUUID` is missing outside secure contexts (plain http). */
export function newTraceId(): string {
  const cryptoApi = globalThis.crypto;
  if (typeof cryptoApi?.randomUUID === 'function') return cryptoApi.randomUUID();
  const bytes = new Uint8Array(16);
  cryptoApi.getRandomValues(bytes);
  return Array.from(bytes, (byte) => byte.toString(16).padStart(2, '0')).join('');
}

let zone: string | undefined;

/** The device's time zone, read from the browser (its first read builds the time-zone data) and kept. */
function readTimeZone(): string {
  const read = Intl.DateTimeFormat().resolvedOptions().timeZone || 'Asia/Shanghai';
  try {
    localStorage.setItem(KEPT_TIME_ZONE, read);
  } catch {
    // A full storage only costs the next page its first read.
  }
  return read;
}

/**
 * The `time_zone` header: the zone kept by an earlier page, read from the browser again when
 * this page is hidden or left (a device that moved sends its new zone from then on), or read now
 * when none was kept. Read once per page: building an Intl.DateTimeFormat cost milliseconds.
 */
function timeZone(): string {
  if (zone !== undefined) return zone;
  const kept = localStorage.getItem(KEPT_TIME_ZONE);
  if (!kept) return (zone = readTimeZone());
  const readWhenHidden = () => {
    if (document.visibilityState !== 'hidden') return;
    document.removeEventListener('visibilitychange', readWhenHidden);
    zone = readTimeZone();
  };
  document.addEventListener('visibilitychange', readWhenHidden);
  return (zone = kept);
}

function translate(key: string): string {
  return i18next.t(key);
}

// The merchant code replaces `{merchant}` in paths (§7); it comes from the stored login.
function merchantCode(): string {
  const customer = readSharedJson<{ code?: string }>(localStorage, LOCAL_KEYS.customer);
  return customer?.code ?? '';
}

function addContext(config: InternalAxiosRequestConfig): InternalAxiosRequestConfig {
  // Resolved per call rather than at import, so importing the client needs no page.
  if (!config.baseURL) config.baseURL = serviceUrl();
  const headers = config.headers;
  headers.set('trace_id', newTraceId());
  // A caller may pin the locale (the translation loader asks for the locale it is loading).
  if (!headers.has('locale')) headers.set('locale', currentLocale());
  headers.set('marketingCenter', sessionStorage.getItem(SESSION_KEYS.marketCenter) ?? '');
  headers.set('time_zone', timeZone());
  // The server refuses state-changing calls with the session cookie but without this header: a
  // forged cross-site request cannot set it (server/modules/auth/request-origin.guard.ts).
  headers.set(CLIENT_HEADER, CLIENT_HEADER_VALUE);
  if (config.url?.includes('{merchant}')) config.url = config.url.split('{merchant}').join(encodeURIComponent(merchantCode()));
  return config;
}

interface EnvelopeLike {
  code?: unknown;
  msg?: unknown;
  message?: unknown;
  data?: unknown;
}

function isEnvelope(body: unknown): body is EnvelopeLike & { code: number } {
  return typeof body === 'object' && body !== null && typeof (body as EnvelopeLike).code === 'number';
}

function textOf(body: unknown): string | undefined {
  if (typeof body !== 'object' || body === null) return undefined;
  const { msg, message: alt } = body as EnvelopeLike;
  if (typeof msg === 'string' && msg !== '') return msg;
  if (typeof alt === 'string' && alt !== '') return alt;
  return undefined;
}

function fieldsOf(body: unknown): FieldMessage[] {
  const data = (body as EnvelopeLike | undefined)?.data as { fields?: unknown } | null | undefined;
  if (!data || !Array.isArray(data.fields)) return [];
  return data.fields.filter(
    (f): f is FieldMessage => typeof f === 'object' && f !== null && typeof f.field === 'string' && typeof f.msg === 'string',
  );
}

function isLicenseInvalid(body: unknown): boolean {
  if (typeof body !== 'object' || body === null) return false;
  const { msg, message: alt } = body as EnvelopeLike;
  return alt === LICENSE_INVALID || msg === LICENSE_INVALID;
}

// Only one sign-in-again dialog may be open, however many calls fail at once (§8).
let reloginOpen = false;

/** True while the sign-in-again dialog is open (exposed for the shell and tests). */
export function isReloginDialogOpen(): boolean {
  return reloginOpen;
}

function onLoginPage(): boolean {
  return window.location.hash.startsWith('#/login');
}

function askToSignInAgain(): void {
  // Calls still in flight when the user is already on the login page need no prompt.
  if (reloginOpen || onLoginPage()) return;
  reloginOpen = true;
  feedback.confirm({
    title: translate('error.dialogTitle'),
    content: translate('error.unauthenticated'),
    onOk: () => {
      void feedback.logout();
    },
    onClose: () => {
      reloginOpen = false;
    },
  });
}

/** Maps a status without a message to its catalogue row (§8). */
function statusRow(status: number): { kind: ApiErrorKind; key: string } {
  if (status === 403) return { kind: 'forbidden', key: 'error.forbidden' };
  if (status === 503) return { kind: 'maintenance', key: 'error.maintenance' };
  if (status === 500) return { kind: 'internal', key: 'error.internal' };
  return { kind: 'unknown', key: 'error.unknown' };
}

/**
 * Turns a failed exchange into an ApiError and tells the user once. The order matters: 401 and
 * an invalid licence have their own behaviour whatever the body says; otherwise a message from
 * the server is the most precise thing to show; the status rows are the fallback.
 */
function classify(args: { status: number; body: unknown; config: AxiosRequestConfig | undefined }): ApiError {
  const { status, body } = args;
  const silent = args.config?.silent === true;
  const code = isEnvelope(body) ? body.code : undefined;
  const serverText = textOf(body);

  if (status === 0) {
    const error = new ApiError({ kind: 'network', message: translate('error.network'), statusCode: 0 });
    return report({ error, silent });
  }
  if (status === 401) {
    if (silent)
      return new ApiError({ kind: 'unauthenticated', message: serverText ?? translate('error.unauthenticated'), statusCode: 401, code });
    askToSignInAgain();
    // The dialog says it all; the message itself is suppressed.
    const error = new ApiError({ kind: 'unauthenticated', message: translate('error.unauthenticated'), statusCode: 401, code });
    error.handled = true;
    return error;
  }
  if (status === 403 && isLicenseInvalid(body)) {
    feedback.navigate(NO_LICENCE_PATH);
    const error = new ApiError({ kind: 'licenseInvalid', message: translate('error.licenseInvalid'), statusCode: 403, code });
    error.handled = true;
    return error;
  }
  if (serverText !== undefined) {
    const error = new ApiError({ kind: 'business', message: serverText, statusCode: status, code, fields: fieldsOf(body) });
    return report({ error, silent });
  }
  const row = statusRow(status);
  return report({ error: new ApiError({ kind: row.kind, message: translate(row.key), statusCode: status, code }), silent });
}

/**
 * Takes away the failure message of an earlier attempt, for a caller whose retry has just
 * succeeded (a form saved after its fields were corrected): a stale "correct the highlighted
 * fields" beside "Saved" would contradict it.
 */
export function clearRequestErrors(): void {
  feedback.clearErrors();
}

function report(args: { error: ApiError; silent: boolean }): ApiError {
  if (!args.silent) {
    feedback.showError(args.error.message);
    args.error.handled = true;
  }
  return args.error;
}

// An error envelope that arrived with a 2xx status still belongs to its class (4010 is a 401).
function statusOfCode(code: number): number | undefined {
  return Object.values(ERROR_CODES).find((entry) => entry.code === code)?.status;
}

function onResponse(response: AxiosResponse): AxiosResponse {
  const body: unknown = response.data;
  // Files, plain text and anything else that is not an envelope pass through untouched.
  if (!isEnvelope(body)) return response;
  if (body.code === SUCCESS_CODE) {
    response.data = body.data;
    return response;
  }
  throw classify({ status: statusOfCode(body.code) ?? response.status, body, config: response.config });
}

function onFailure(error: AxiosError): never {
  // A cancelled call is the caller's own decision; nobody needs to be told.
  if (axios.isCancel(error)) throw error;
  if (error instanceof ApiError) throw error;
  const response = error.response;
  throw classify({ status: response ? response.status : 0, body: response?.data, config: error.config });
}

/** Builds a client on the service base of the current page. */
export function createHttp() {
  const instance = axios.create({
    timeout: HTTP_TIMEOUT_MS,
    // `?id=1&id=2`, never `id[]=`: the specified convention for array query parameters.
    paramsSerializer: { indexes: null },
  });
  instance.interceptors.request.use(addContext);
  instance.interceptors.response.use(onResponse, onFailure);
  return instance;
}

/** The shared client. */
export const http = createHttp();

/** Options of one call besides its url. */
export type ApiOptions = Omit<AxiosRequestConfig, 'url' | 'method'>;

/** Sends a request and resolves with the envelope's `data`. */
export async function apiRequest<T>(config: AxiosRequestConfig): Promise<T> {
  const response = await http.request<T>(config);
  return response.data;
}

/** GET on the service base; resolves with the envelope's `data`. */
export function apiGet<T>(url: string, options: ApiOptions = {}): Promise<T> {
  return apiRequest<T>({ ...options, url, method: 'get' });
}

/** POST on the service base; the body goes in `options.data`. Resolves with `data`. */
export function apiPost<T>(url: string, options: ApiOptions = {}): Promise<T> {
  return apiRequest<T>({ ...options, url, method: 'post' });
}

/**
 * One part of a documented call's options: absent when the operation takes none, optional when
 * every member is, required otherwise (a required query parameter or body field must be sent).
 */
type OptionPart<K extends string, T> = [T] extends [never]
  ? { readonly [Key in K]?: never }
  : Record<string, never> extends T
    ? { readonly [Key in K]?: T }
    : { readonly [Key in K]: T };

/** Options of a call to a documented operation: its query, path parameters and body typed by the OpenAPI document. */
export type OperationOptions<M extends ApiMethod, P extends ApiPath<M>> = Omit<ApiOptions, 'params' | 'data'> &
  OptionPart<'params', ApiQuery<M, P>> &
  OptionPart<'path', ApiPathParams<M, P>> &
  OptionPart<'data', ApiBody<M, P>>;

/** The options argument: may be left out when nothing in it is required. */
type OptionsArgument<M extends ApiMethod, P extends ApiPath<M>> =
  Record<string, never> extends OperationOptions<M, P> ? [options?: OperationOptions<M, P>] : [options: OperationOptions<M, P>];

/** The url of a documented path with its `{name}` parameters filled in. */
function fillPath(path: string, values: Readonly<Record<string, string | number>> | undefined): string {
  return path.replace(/\{(\w+)\}/g, (_whole, name: string) => {
    const value = values?.[name];
    if (value === undefined) throw new Error(`${path}: no value for {${name}}`);
    return encodeURIComponent(String(value));
  });
}

/** Options as a documented call hands them on: axios's, plus the values of the path's `{name}`s. */
type FilledOptions = ApiOptions & { readonly path?: Readonly<Record<string, string | number>> };

function operationRequest<T>(method: ApiMethod, path: string, options: FilledOptions | undefined): Promise<T> {
  const { path: values, ...rest } = options ?? {};
  return apiRequest<T>({ ...rest, url: fillPath(path, values), method });
}

/**
 * GET of an operation the OpenAPI document declares: the query, the path parameters and the
 * answer's `data` take their types from the generated API types, so a change on the server shows
 * here as a type error.
 */
export function typedGet<P extends ApiPath<'get'>>(path: P, ...[options]: OptionsArgument<'get', P>): Promise<ApiData<'get', P>> {
  return operationRequest('get', path, options as FilledOptions | undefined);
}

/** POST of an operation the OpenAPI document declares, typed like {@link typedGet} (the body too). */
export function typedPost<P extends ApiPath<'post'>>(path: P, ...[options]: OptionsArgument<'post', P>): Promise<ApiData<'post', P>> {
  return operationRequest('post', path, options as FilledOptions | undefined);
}

/** What a conditional GET found: the server's copy is the one named, or a new one with its tag. */
export type Revalidated<T> = { readonly changed: false } | { readonly changed: true; readonly data: T; readonly etag: string | null };

/**
 * GET on the service base that names the copy the caller keeps (`If-None-Match: etag`): a 304
 * resolves `{ changed: false }` and nothing crosses the network but headers; a 200 resolves the
 * envelope's `data` with the answer's `ETag`.
 */
export async function apiGetIfChanged<T>(url: string, options: ApiOptions & { readonly etag?: string }): Promise<Revalidated<T>> {
  const { etag, ...rest } = options;
  const response = await http.request<T>({
    ...rest,
    url,
    method: 'get',
    headers: { ...rest.headers, ...(etag ? { 'if-none-match': etag } : {}) },
    validateStatus: (status) => (status >= 200 && status < 300) || status === 304,
  });
  if (response.status === 304) return { changed: false };
  const tag: unknown = response.headers.etag;
  return { changed: true, data: response.data, etag: typeof tag === 'string' ? tag : null };
}
