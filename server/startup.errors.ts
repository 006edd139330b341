import { inspect } from 'node:util';

/**
 * A start-up failure whose message is already the one sentence a person can act on (which port,
 * which folder, which variable changes it). `describeStartupFailure` prints it as it is.
 */
export class StartupError extends Error {
  override readonly name = 'StartupError';
}

const NETWORK_CODES: Record<string, string> = {
  ECONNREFUSED: 'nothing answers there',
  ENOTFOUND: 'the host name is unknown',
  ETIMEDOUT: 'the connection timed out',
  EHOSTUNREACH: 'the host is unreachable',
};

const POSTGRES_CODES: Record<string, string> = {
  '28P01': 'the user name or password is wrong',
  '28000': 'the server refuses this user',
  '3D000': 'the database does not exist',
};

function codeOf(error: unknown): string | undefined {
  const code = (error as { code?: unknown } | null)?.code;
  return typeof code === 'string' ? code : undefined;
}

/** The first line of an error's own message; AggregateError (both localhost addresses refused) has none. */
function messageOf(error: unknown): string {
  if (error instanceof AggregateError && !error.message && error.errors.length > 0) return messageOf(error.errors[0]);
  if (error instanceof Error && error.message.trim()) return error.message.trim().split('\n')[0];
  if (typeof error === 'string' && error.trim()) return error.trim().split('\n')[0];
  if (error === undefined || error === null || (error instanceof Error && !error.message.trim())) {
    const code = codeOf(error);
    return `a failure that carried no message${code ? ` (${code})` : ''}`;
  }
  return inspect(error, { breakLength: Infinity, depth: 2 });
}

/**
 * One line for any failure of a start (the console's or the tenant CLI's): a StartupError's own
 * sentence; a database connection refused or rejected, named with the variable that points at
 * it; anything else as "<what> did not start: <its message>", never a bare `undefined`.
 */
export function describeStartupFailure(error: unknown, options: { what?: string; databaseUrl?: string } = {}): string {
  const what = options.what ?? 'The console';
  if (error instanceof StartupError) return error.message;
  const code = codeOf(error) ?? (error instanceof AggregateError ? codeOf(error.errors[0]) : undefined);
  if (options.databaseUrl && code && (NETWORK_CODES[code] || POSTGRES_CODES[code])) {
    const where = safeUrl(options.databaseUrl);
    return `${what} cannot use the database of DATABASE_URL (${where}): ${NETWORK_CODES[code] ?? POSTGRES_CODES[code]} (${messageOf(error)}); check the server and the URL, or unset DATABASE_URL to use the embedded PostgreSQL`;
  }
  return `${what} did not start: ${messageOf(error)}`;
}

/** The URL without its password, for messages. */
function safeUrl(url: string): string {
  try {
    const parsed = new URL(url);
    if (parsed.password) parsed.password = '***';
    return parsed.toString();
  } catch {
    return 'an unreadable URL';
  }
}
