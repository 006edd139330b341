import pg from 'pg';
import type { Database } from '../../db/connection';
import type { LoadedSession } from './session.loader';

/**
 * The sessions (with their grants) the access hook has loaded, kept for a few seconds so a call
 * costs no database round trip for its caller's identity.
 *
 * Invalidation, three ways, so a change takes effect on the next call:
 * - in this process, the stores that change sessions, users, roles, grants or licences call
 *   `invalidateAuthCaches` (synchronously, before their answer is sent);
 * - in every process on the database, triggers on those tables `pg_notify('auth_cache', …)`
 *   on commit (migration `auth-cache-notify`): `s:<token hash>` drops one session,
 *   `t:<tenant id>` every session of a tenant. Direct SQL and the tenant CLI are covered too;
 * - an entry lives at most `ttlMs`, and never past its session's absolute or idle end or its
 *   tenant's licence end; while the listening connection is down nothing is cached at all.
 *
 * A load that started before an invalidation is not stored (the generation it started in has
 * passed), so a reload racing a revocation cannot put the old state back.
 */
export class SessionCache {
  private readonly entries = new Map<string, { session: LoadedSession; until: number }>();
  private generation = 0;
  private listener: pg.Client | null = null;
  private listening = false;
  private closed = false;
  private retry: NodeJS.Timeout | null = null;
  private syncSequence = 0;
  private readonly waiting = new Map<string, () => void>();

  constructor(
    private readonly options: {
      database: Database;
      /** Longest life of an entry; 0 turns the cache off. */
      ttlMs: number;
      /** Most entries kept; the oldest go first. */
      maxEntries?: number;
    },
  ) {}

  /** Connects the listening client; the cache stays off until it listens. */
  async start(): Promise<void> {
    if (this.options.ttlMs <= 0 || this.closed) return;
    local.add(this);
    const client = new pg.Client({ connectionString: this.options.database.url });
    client.on('error', () => this.lost(client));
    client.on('end', () => this.lost(client));
    client.on('notification', (message) => this.onNotification(message.payload ?? ''));
    try {
      await client.connect();
      await client.query('LISTEN auth_cache');
    } catch {
      this.lost(client);
      return;
    }
    if (this.closed) {
      await client.end().catch(() => undefined);
      return;
    }
    this.listener = client;
    this.listening = true;
  }

  async close(): Promise<void> {
    this.closed = true;
    local.delete(this);
    if (this.retry) clearTimeout(this.retry);
    this.clear();
    const client = this.listener;
    this.listener = null;
    this.listening = false;
    if (client) await client.end().catch(() => undefined);
  }

  /** The cached session behind a token hash, or undefined when it must be loaded. */
  get(tokenHash: string): LoadedSession | undefined {
    const entry = this.entries.get(tokenHash);
    if (!entry) return undefined;
    if (entry.until <= Date.now()) {
      this.entries.delete(tokenHash);
      return undefined;
    }
    return entry.session;
  }

  /** The generation a load starts in; pass it back to `put`. */
  stamp(): number {
    return this.generation;
  }

  /**
   * Keeps a loaded session, unless something was invalidated since `stamp` (the load may have
   * read the state before the change). `validForMs` bounds the entry by the session's own end.
   */
  put(args: { tokenHash: string; session: LoadedSession; stamp: number; validForMs: number }): void {
    if (!this.listening || args.stamp !== this.generation) return;
    const life = Math.min(this.options.ttlMs, args.validForMs);
    if (life <= 0) return;
    const max = this.options.maxEntries ?? 10_000;
    if (this.entries.size >= max) {
      const oldest = this.entries.keys().next();
      if (!oldest.done) this.entries.delete(oldest.value);
    }
    this.entries.set(args.tokenHash, { session: args.session, until: Date.now() + life });
  }

  /** True while the listening connection is up (notifications arrive). */
  isListening(): boolean {
    return this.listening;
  }

  /** Drops one session. */
  invalidateSession(tokenHash: string): void {
    this.generation += 1;
    this.entries.delete(tokenHash);
  }

  /** Drops every session of a tenant. */
  invalidateTenant(tenantId: number): void {
    this.generation += 1;
    for (const [key, entry] of this.entries) {
      if (entry.session.auth.tenantId === tenantId) this.entries.delete(key);
    }
  }

  /** Drops everything. */
  clear(): void {
    this.generation += 1;
    this.entries.clear();
  }

  /**
   * Resolves once every notification committed before this call has been applied: PostgreSQL
   * delivers notifications in commit order, so our own marker arrives after them. For changes
   * made with plain SQL (tests, scripts) that must show on the very next call.
   */
  async sync(): Promise<void> {
    if (!this.listening) return;
    this.syncSequence += 1;
    const marker = `sync:${process.pid}:${this.syncSequence}:${Math.random().toString(36).slice(2)}`;
    const arrived = new Promise<void>((resolve) => this.waiting.set(marker, resolve));
    await this.options.database.pool.query('select pg_notify($1, $2)', ['auth_cache', marker]);
    await arrived;
  }

  private onNotification(payload: string): void {
    const notice = /^([a-z]+):(\d+)$/.exec(payload);
    if (notice && notice[1] !== 't' && notice[1] !== 's') {
      // Another module's per-tenant data (`settings:<tenant id>`): its listeners drop their copy.
      for (const listener of tenantNoticeListeners.get(notice[1]) ?? []) listener(Number(notice[2]));
      return;
    }
    if (payload.startsWith('s:')) this.invalidateSession(payload.slice(2));
    else if (payload.startsWith('t:')) this.invalidateTenant(Number(payload.slice(2)));
    else if (payload.startsWith('sync:')) {
      const resolve = this.waiting.get(payload);
      this.waiting.delete(payload);
      resolve?.();
    } else this.clear();
  }

  private lost(client: pg.Client): void {
    if (this.listener !== client && this.listener !== null) return;
    // Notifications may have been missed: forget everything and cache nothing until listening again.
    this.listening = false;
    this.listener = null;
    this.clear();
    for (const listeners of tenantNoticeListeners.values()) for (const listener of listeners) listener(null);
    for (const resolve of this.waiting.values()) resolve();
    this.waiting.clear();
    client.end().catch(() => undefined);
    if (this.closed || this.retry) return;
    this.retry = setTimeout(() => {
      this.retry = null;
      void this.start();
    }, 1000);
    this.retry.unref();
  }
}

// Every cache of this process, so a store that changes access data reaches them without being
// handed one (several apps share a process in tests).
const local = new Set<SessionCache>();

/** Drops cached sessions in this process at once (other processes learn it by notification). */
export function invalidateAuthCaches(target: { tenantId: number } | { tokenHash: string }): void {
  for (const cache of local) {
    if ('tokenHash' in target) cache.invalidateSession(target.tokenHash);
    else cache.invalidateTenant(target.tenantId);
  }
}

const tenantNoticeListeners = new Map<string, Set<(tenantId: number | null) => void>>();

/**
 * Listens for `<kind>:<tenant id>` on the same channel (a trigger's `pg_notify('auth_cache', …)`),
 * so a module caching per-tenant data (the points settings) drops it when any process changes
 * it. The listener gets null when notifications may have been missed: drop everything.
 */
export function onTenantNotice(kind: string, listener: (tenantId: number | null) => void): void {
  const listeners = tenantNoticeListeners.get(kind) ?? new Set();
  listeners.add(listener);
  tenantNoticeListeners.set(kind, listeners);
}

/** True while at least one cache of this process hears the notifications. */
export function hearsNotices(): boolean {
  for (const cache of local) if (cache.isListening()) return true;
  return false;
}
