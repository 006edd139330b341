/** How long any platform may take to answer before the call counts as failed. */
export const PLATFORM_TIMEOUT_MS = 5_000;

/** A platform's address and a path joined, whether or not the address ends with a slash. */
export function platformUrl(base: string, path: string, query: Record<string, string> = {}): string {
  const url = new URL(`${base.replace(/\/+$/, '')}/${path.replace(/^\/+/, '')}`);
  for (const [name, value] of Object.entries(query)) url.searchParams.set(name, value);
  return url.toString();
}

/**
 * A JSON exchange with a platform: the parsed answer, whatever its HTTP status (WeChat and
 * Meituan put their errors in the body); a body that is not JSON is an error naming the status.
 */
export async function exchangeJson(args: {
  url: string;
  method: 'GET' | 'POST';
  body?: unknown;
  form?: Record<string, string>;
  /** Headers of the platform's own (JPush's HTTP Basic authorisation). */
  headers?: Record<string, string>;
}): Promise<Record<string, unknown>> {
  const headers: Record<string, string> = { accept: 'application/json', ...args.headers };
  let body: string | undefined;
  if (args.form) {
    headers['content-type'] = 'application/x-www-form-urlencoded;charset=utf-8';
    body = new URLSearchParams(args.form).toString();
  } else if (args.body !== undefined) {
    headers['content-type'] = 'application/json; charset=utf-8';
    body = JSON.stringify(args.body);
  }
  const response = await fetch(args.url, { method: args.method, headers, body, signal: AbortSignal.timeout(PLATFORM_TIMEOUT_MS) });
  const text = await response.text();
  try {
    const parsed: unknown = JSON.parse(text);
    if (parsed !== null && typeof parsed === 'object' && !Array.isArray(parsed)) return parsed as Record<string, unknown>;
  } catch {
    // Falls through to the error below.
  }
  throw new Error(`HTTP ${response.status}: the answer is not a JSON object`);
}
