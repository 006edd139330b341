import { sql } from 'drizzle-orm';
import { openSecret, sealSecret } from '../../crud/secret-box';
import type { Db } from '../../db/connection';

/** A token this close to its end is refreshed rather than used (WeChat's own advice is 5 minutes). */
const EARLY_MS = 5 * 60_000;

/** The fetch of a new token: the token and its lifetime in seconds, or null when the platform refused. */
export type TokenFetch = () => Promise<{ readonly token: string; readonly expiresIn: number } | null>;

// One refresh in flight per merchant in this process; the advisory lock below makes it one for all processes.
const inFlight = new Map<string, Promise<string | null>>();

async function storedToken(args: { db: Pick<Db, 'execute'>; tenantId: number; issuedFor: string; stale?: string }): Promise<string | null> {
  const result = await args.db.execute<{ token: string }>(sql`
    select token from channel_tokens
    where tenant_id = ${args.tenantId} and channel = 'wechat' and issued_for = ${args.issuedFor}
      and expires_at > now() + ${`${EARLY_MS} milliseconds`}::interval`);
  const sealed = result.rows[0]?.token;
  const token = sealed === undefined ? null : openSecret(sealed);
  return token !== null && token !== args.stale ? token : null;
}

/**
 * The merchant's WeChat access token, fetched once for every process (issue 27 §1): a valid one
 * is read from `channel_tokens` (sealed like a secret field); otherwise one process fetches it
 * under a transaction-scoped advisory lock while the others wait on the lock and then read what
 * it stored. `stale` names a token WeChat has just refused (40001, 42001): it is replaced even if
 * its stored end has not come. Null when the platform refused to issue one.
 */
export async function wechatAccessToken(args: {
  db: Db;
  tenantId: number;
  appId: string;
  stale?: string;
  fetch: TokenFetch;
}): Promise<string | null> {
  const cached = await storedToken({ db: args.db, tenantId: args.tenantId, issuedFor: args.appId, stale: args.stale });
  if (cached !== null) return cached;
  const key = `${args.tenantId}:${args.appId}`;
  const running = inFlight.get(key);
  if (running) return running;
  const refresh = refreshUnderLock(args).finally(() => inFlight.delete(key));
  inFlight.set(key, refresh);
  return refresh;
}

async function refreshUnderLock(args: {
  db: Db;
  tenantId: number;
  appId: string;
  stale?: string;
  fetch: TokenFetch;
}): Promise<string | null> {
  return args.db.transaction(async (tx) => {
    await tx.execute(sql`select pg_advisory_xact_lock(hashtextextended(${`channel-token:wechat:${args.tenantId}`}, 0))`);
    // Another process may have refreshed it while this one waited for the lock.
    const fresh = await storedToken({ db: tx, tenantId: args.tenantId, issuedFor: args.appId, stale: args.stale });
    if (fresh !== null) return fresh;
    const fetched = await args.fetch();
    if (fetched === null) return null;
    const sealed = sealSecret(fetched.token);
    await tx.execute(sql`
      insert into channel_tokens (tenant_id, channel, issued_for, token, expires_at, refreshed_at)
      values (${args.tenantId}, 'wechat', ${args.appId}, ${sealed}, now() + ${`${fetched.expiresIn} seconds`}::interval, now())
      on conflict (tenant_id, channel) do update
        set issued_for = excluded.issued_for, token = excluded.token, expires_at = excluded.expires_at, refreshed_at = now()`);
    return fetched.token;
  });
}
