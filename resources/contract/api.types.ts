/**
 * The request and answer types of every documented operation, derived from the types
 * `npm run api:client` generates from the server's OpenAPI document (`generated/loyalty-api.d.ts`).
 * The browser's API helpers name their wire shapes through these aliases instead of writing them
 * again, so a field the server renames or retypes breaks the browser's type check. Operations are
 * named as `method, path`, the path as the document spells it (`/v1/file-task/info/{id}`).
 */
import type { paths } from './generated/loyalty-api';

/** The methods the API's operations use. */
export type ApiMethod = 'get' | 'post';

/** The operation of a path under a method; never when the path has none. */
type OperationOf<M extends ApiMethod, P extends keyof paths> = NonNullable<paths[P][M]>;

/** Every documented path that answers `M`. */
export type ApiPath<M extends ApiMethod> = {
  [P in keyof paths]: [OperationOf<M, P>] extends [never] ? never : P;
}[keyof paths];

/**
 * Read-only in depth: what a caller sends may be a read-only list or object (the generated
 * request types are mutable, which would refuse a screen's `readonly` filters).
 */
export type ReadonlyDeep<T> = T extends (infer E)[]
  ? readonly ReadonlyDeep<E>[]
  : T extends object
    ? { readonly [K in keyof T]: ReadonlyDeep<T[K]> }
    : T;

/** The `data` of the envelope the operation's 200 answer carries. */
export type ApiData<M extends ApiMethod, P extends ApiPath<M>> =
  OperationOf<M, P> extends { responses: { 200: { content: { 'application/json': { data: infer D } } } } } ? D : never;

/** The JSON body of the operation's request; never when it takes none. */
export type ApiBody<M extends ApiMethod, P extends ApiPath<M>> =
  OperationOf<M, P> extends { requestBody?: { content: { 'application/json': infer B } } } ? ReadonlyDeep<B> : never;

/** The query parameters of the operation; never when it takes none. */
export type ApiQuery<M extends ApiMethod, P extends ApiPath<M>> =
  OperationOf<M, P> extends { parameters: { query?: infer Q } } ? ReadonlyDeep<NonNullable<Q>> : never;

/** The path parameters of the operation (`{id}`); never when its path has none. */
export type ApiPathParams<M extends ApiMethod, P extends ApiPath<M>> =
  OperationOf<M, P> extends { parameters: { path?: infer Q } } ? NonNullable<Q> : never;

/** One element of a list type (the row of a page's `records`). */
export type ElementOf<T> = T extends readonly (infer E)[] ? E : never;
