/**
 * The custom header every state-changing call with the session cookie must carry (see
 * `request-origin.guard.ts`). Shared with the browser's HTTP client, so it has no imports.
 */
export const CLIENT_HEADER = 'x-requested-with';
export const CLIENT_HEADER_VALUE = 'loyalty-console';
