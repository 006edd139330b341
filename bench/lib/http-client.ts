import { SESSION_COOKIE } from '../../server/modules/auth/session.cookie';

/**
 * A signed-in client over real HTTP (Node's fetch, keep-alive, on 127.0.0.1), so what it times
 * includes the socket, Fastify's parsing and serialisation, and reading the JSON answer.
 */

/** An answer: HTTP status and the parsed envelope. */
export interface HttpAnswer {
  readonly status: number;
  readonly body: { code?: number; msg?: string; message?: string; data?: any };
}

/** A client carrying one session cookie. */
export interface HttpClient {
  post(path: string, body: unknown): Promise<HttpAnswer>;
  get(path: string): Promise<HttpAnswer>;
  /** POST of raw bytes (an uploaded file) with their content type. */
  upload(path: string, bytes: Buffer, contentType: string): Promise<HttpAnswer>;
}

/** Signs in through POST {base}/v1/auth/login and returns a client with the session cookie. */
export async function signInOverHttp(args: {
  origin: string;
  serviceBase: string;
  tenant: string;
  login: string;
  password: string;
}): Promise<HttpClient> {
  const base = `${args.origin}${args.serviceBase}`;
  const headers = { 'content-type': 'application/json', locale: 'zh_CN' };
  const response = await fetch(`${base}/v1/auth/login`, {
    method: 'POST',
    headers,
    body: JSON.stringify({ tenant: args.tenant, login: args.login, password: args.password }),
  });
  const body = (await response.json()) as HttpAnswer['body'];
  const cookie = response.headers
    .getSetCookie()
    .map((line) => line.split(';')[0])
    .find((pair) => pair.startsWith(`${SESSION_COOKIE}=`));
  if (response.status !== 200 || body.code !== 2000 || !cookie) {
    throw new Error(`sign-in of ${args.login}@${args.tenant} failed: ${response.status} ${JSON.stringify(body)}`);
  }
  return {
    async post(path, payload) {
      // The console header: the server refuses state-changing calls with the cookie but without it.
      const answer = await fetch(`${base}${path}`, {
        method: 'POST',
        headers: { ...headers, cookie, 'x-requested-with': 'loyalty-console' },
        body: JSON.stringify(payload),
      });
      return { status: answer.status, body: (await answer.json()) as HttpAnswer['body'] };
    },
    async get(path) {
      const answer = await fetch(`${base}${path}`, { headers: { locale: 'zh_CN', cookie } });
      return { status: answer.status, body: (await answer.json()) as HttpAnswer['body'] };
    },
    async upload(path, bytes, contentType) {
      const answer = await fetch(`${base}${path}`, {
        method: 'POST',
        headers: { locale: 'zh_CN', cookie, 'content-type': contentType },
        body: bytes,
      });
      return { status: answer.status, body: (await answer.json()) as HttpAnswer['body'] };
    },
  };
}
