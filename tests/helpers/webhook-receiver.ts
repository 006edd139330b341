import { createHmac, timingSafeEqual } from 'node:crypto';
import http from 'node:http';
import type { AddressInfo } from 'node:net';

/** One delivery as a receiver got it, after checking its signature. */
export interface Received {
  /** The hook it was posted to (the last part of its URL: one per application). */
  readonly hook: string;
  readonly id: string;
  readonly type: string;
  readonly data: Record<string, unknown>;
  /** Whether one of the `v1=` signatures is the HMAC-SHA-256 of `<timestamp>.<body>` under the secret. */
  readonly signed: boolean;
}

/** What the receiver answers one request: a status, or holding it open until `release`. */
export type Answer = number | 'hold';

/**
 * A webhook receiver on 127.0.0.1 as a merchant's system would write one: it checks the
 * signature as server/modules/webhooks/README.md describes it (written here from that text, not
 * imported), and keeps every request it got; `answer` decides each answer (default 200).
 */
export interface Receiver {
  /** The URL of a hook (`http://127.0.0.1:<port>/<hook>`). */
  url(hook: string): string;
  /** Every request, in the order they arrived (duplicates included). */
  readonly got: Received[];
  /** The secret each hook's deliveries are checked against. */
  readonly secrets: Map<string, string>;
  /** The answer to a request; `nth`: how many times the hook got this event, this one included. */
  answer: (request: Received, nth: number) => Answer;
  /** Ends the held requests (a destroyed socket, as a crash would leave them). */
  release(): void;
  /** Each event of a hook once, in the order of its first arrival. */
  unique(hook: string): Received[];
  /** Every request of a hook, duplicates included. */
  of(hook: string): Received[];
  close(): Promise<void>;
}

function verify(secret: string, headers: http.IncomingHttpHeaders, body: string): boolean {
  const timestamp = String(headers['webhook-timestamp'] ?? '');
  const expected = createHmac('sha256', secret).update(`${timestamp}.${body}`).digest();
  return String(headers['webhook-signature'] ?? '')
    .split(' ')
    .filter((part) => part.startsWith('v1='))
    .some((part) => {
      const given = Buffer.from(part.slice(3), 'hex');
      return given.length === expected.length && timingSafeEqual(given, expected);
    });
}

export async function startReceiver(): Promise<Receiver> {
  const held: http.ServerResponse[] = [];
  let origin = '';
  const receiver: Receiver = {
    url: (hook) => `${origin}/${hook}`,
    got: [],
    secrets: new Map(),
    answer: () => 200,
    release() {
      for (const response of held.splice(0)) response.socket?.destroy();
    },
    of: (hook) => receiver.got.filter((r) => r.hook === hook),
    unique(hook) {
      const seen = new Set<string>();
      return receiver.of(hook).filter((r) => !seen.has(r.id) && seen.add(r.id));
    },
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
  const server = http.createServer((request, response) => {
    let body = '';
    request.on('data', (chunk: Buffer) => (body += chunk.toString()));
    request.on('end', () => {
      const json = JSON.parse(body) as { id: string; type: string; data: Record<string, unknown> };
      const hook = (request.url ?? '').slice(1);
      const signed = verify(receiver.secrets.get(hook) ?? '', request.headers, body) && request.headers['webhook-id'] === json.id;
      const got: Received = { hook, id: json.id, type: json.type, data: json.data, signed };
      receiver.got.push(got);
      const answer = receiver.answer(got, receiver.of(hook).filter((r) => r.id === got.id).length);
      if (answer === 'hold') held.push(response);
      else response.writeHead(answer).end();
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', () => resolve()));
  origin = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  return receiver;
}

/** Waits until `done` holds, checking every 100 ms; throws with `what` after `timeoutMs`. */
export async function until(what: string, done: () => boolean | Promise<boolean>, timeoutMs = 60_000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (!(await done())) {
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`);
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}
