import pg from 'pg';
import { SESSION_COOKIE } from '../../server/modules/auth/session.cookie';

/**
 * The crash check shared by `npm run bench:crash` and the start-up API test: clients post value
 * movements (by default sales, POST /v1/points/transaction, a unique orderNo each; or another
 * `CrashWorkload`, such as stored value's in crash-stored-value.ts) to a console signed in as
 * the demo administrator while the console is killed and started again; then every posting the
 * console acknowledged (code 2000) must be in the ledger exactly once, and nothing half written.
 */

const BASE = '/loyalty';
const LINES = [{ goodsCode: 'G92', quantity: 1, amount: '100.00' }];

/** What the clients post: the next posting of a client, its request, what an acknowledgement keeps. */
export interface CrashWorkload {
  /** The n-th posting overall, the client's own; `orderNo` is its unique number. */
  next(input: { runId: string; client: number; n: number; memberIds: readonly number[] }): Posting;
  request(posting: Posting): { readonly path: string; readonly body: unknown };
  /** Keeps what the acknowledged answer's data says (entry id …) on the posting. */
  acknowledge(posting: Posting, data: Record<string, unknown>): void;
}

/** Sales earning points, one order number each. */
export const POINTS_SALES: CrashWorkload = {
  next: ({ runId, client, n, memberIds }) => ({
    orderNo: `${runId}-${client}-${n}`,
    memberId: memberIds[n % memberIds.length],
    outcome: 'unreached',
  }),
  request: (posting) => ({ path: '/v1/points/transaction', body: { orderNo: posting.orderNo, memberId: posting.memberId, lines: LINES } }),
  acknowledge: (posting, data) => {
    posting.entryId = data.entryId as number | null;
    posting.points = data.points as number;
  },
};

/** What became of one posting as the client saw it. */
export interface Posting {
  /** The posting's unique number (orderNo, requestNo, refundNo). */
  readonly orderNo: string;
  readonly memberId: number;
  /** The workload's kind of posting (stored value: recharge, pay, refund); absent for sales. */
  readonly operation?: string;
  /** The client that sent it. */
  readonly client?: number;
  /** What the operation refers to (a refund's payment number). */
  readonly target?: string;
  /**
   * acked: answered 2000; refused: answered anything else; unanswered: the connection broke after
   * the request went out (in flight when the console died); unreached: the connection was refused
   * (the console was down, nothing was sent).
   */
  outcome: 'acked' | 'refused' | 'unanswered' | 'unreached';
  entryId?: number | null;
  points?: number;
  /** Set when an unanswered posting was sent again after the restart and then acknowledged. */
  retried?: boolean;
  /** Date.now() when the client had its outcome. */
  at?: number;
}

/** A session shared by all clients, signed in again if the console forgets it. */
export class DemoAdminSession {
  private cookie: string | null = null;

  constructor(private readonly origin: () => string) {}

  async header(): Promise<string> {
    if (!this.cookie) this.cookie = await this.signIn();
    return this.cookie;
  }

  forget(): void {
    this.cookie = null;
  }

  private async signIn(): Promise<string> {
    const response = await fetch(`${this.origin()}${BASE}/v1/auth/login`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ tenant: 'demo', login: 'admin', password: 'Admin@2026' }),
    });
    const body = (await response.json()) as { code?: number };
    const cookie = response.headers
      .getSetCookie()
      .map((line) => line.split(';')[0])
      .find((pair) => pair.startsWith(`${SESSION_COOKIE}=`));
    if (response.status !== 200 || body.code !== 2000 || !cookie)
      throw new Error(`sign-in of the demo admin failed: ${response.status} ${JSON.stringify(body)}`);
    return cookie;
  }
}

/** Runs `work` on a client of its own to the database, closed afterwards. */
export async function withClient<T>(databaseUrl: string, work: (client: pg.Client) => Promise<T>): Promise<T> {
  const client = new pg.Client({ connectionString: databaseUrl });
  await client.connect();
  try {
    return await work(client);
  } finally {
    await client.end();
  }
}

/** The demo merchant's id and the members that may earn (state in use). */
export async function demoMembers(databaseUrl: string): Promise<{ tenantId: number; memberIds: number[] }> {
  return withClient(databaseUrl, async (client) => {
    const tenant = await client.query<{ id: string }>(`select id from tenants where code = 'demo'`);
    if (tenant.rows.length === 0) throw new Error('no demo merchant: start the console with SEED_DEMO=1');
    const tenantId = Number(tenant.rows[0].id);
    const members = await client.query<{ id: string }>(
      `select id from members where tenant_id = $1 and lower(state) = 'using' order by id`,
      [tenantId],
    );
    return { tenantId, memberIds: members.rows.map((row) => Number(row.id)) };
  });
}

function errorCode(error: unknown): string {
  let current = error as { code?: string; cause?: unknown } | undefined;
  for (let depth = 0; current && depth < 5; depth += 1) {
    if (current.code) return current.code;
    current = current.cause as typeof current;
  }
  return 'UNKNOWN';
}

/** Sends one posting and records what the client saw. */
async function send(input: { origin: string; session: DemoAdminSession; posting: Posting; workload: CrashWorkload }): Promise<void> {
  const { posting, session, workload } = input;
  let cookie: string;
  try {
    cookie = await session.header();
  } catch (error) {
    // Cannot sign in while the console is down: nothing of this posting was sent.
    posting.outcome = 'unreached';
    void error;
    return;
  }
  try {
    const { path, body: requestBody } = workload.request(posting);
    const response = await fetch(`${input.origin}${BASE}${path}`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', cookie, 'x-requested-with': 'loyalty-console' },
      body: JSON.stringify(requestBody),
    });
    const body = (await response.json()) as { code?: number; data?: Record<string, unknown> };
    if (response.status === 401) session.forget();
    if (response.status === 200 && body.code === 2000 && body.data) {
      posting.outcome = 'acked';
      workload.acknowledge(posting, body.data);
    } else {
      posting.outcome = 'refused';
    }
  } catch (error) {
    posting.outcome = errorCode(error) === 'ECONNREFUSED' ? 'unreached' : 'unanswered';
  }
  posting.at = Date.now();
}

/**
 * `clients` loops posting one sale after another, each with a new orderNo, until `done()` says
 * so. `origin` is read per request (the console may come back elsewhere). A client whose
 * request fails waits 50 ms before the next one.
 */
export async function postSales(input: {
  origin: () => string;
  session: DemoAdminSession;
  memberIds: readonly number[];
  clients: number;
  done: () => boolean;
  runId: string;
  /** Called with each posting once the client has its outcome. */
  onOutcome?: (posting: Posting) => void;
  /** What to post; default sales earning points. */
  workload?: CrashWorkload;
}): Promise<Posting[]> {
  const workload = input.workload ?? POINTS_SALES;
  const postings: Posting[] = [];
  let next = 0;
  const client = async (index: number) => {
    while (!input.done()) {
      const n = next++;
      const posting = workload.next({ runId: input.runId, client: index, n, memberIds: input.memberIds });
      postings.push(posting);
      await send({ origin: input.origin(), session: input.session, posting, workload });
      input.onOutcome?.(posting);
      if (posting.outcome !== 'acked') await new Promise((resolve) => setTimeout(resolve, 50));
    }
  };
  await Promise.all(Array.from({ length: input.clients }, (_, index) => client(index)));
  return postings;
}

/**
 * What a till does after a broken connection: sends the same orderNo again. The answer must be
 * the one the console stored (if the first call committed) or a new posting (if it did not);
 * either way the order ends up in the ledger once.
 */
export async function retryUnanswered(input: {
  origin: string;
  session: DemoAdminSession;
  postings: Posting[];
  workload?: CrashWorkload;
}): Promise<number> {
  let retried = 0;
  for (const posting of input.postings) {
    if (posting.outcome !== 'unanswered') continue;
    await send({ origin: input.origin, session: input.session, posting, workload: input.workload ?? POINTS_SALES });
    if ((posting.outcome as Posting['outcome']) === 'acked') posting.retried = true;
    retried += 1;
  }
  return retried;
}

/** The verdict of the ledger check. */
export interface CrashVerdict {
  readonly sent: number;
  readonly acknowledged: number;
  readonly acknowledgedAfterRetry: number;
  readonly refused: number;
  readonly unanswered: number;
  readonly unreached: number;
  /** Acknowledged and in the ledger exactly once, with the entry id the answer gave. */
  readonly found: number;
  readonly doubled: number;
  readonly lost: number;
  /** Acknowledged, in the ledger once, but under another entry id than the answer said. */
  readonly wrongEntry: number;
  /** Never acknowledged (refused / connection refused) yet in the ledger. */
  readonly ghosts: number;
  /** A sale without its entry or an entry without its sale, for this run's orders. */
  readonly halfThere: number;
  /** Accounts of the demo merchant whose balance differs from the sum of their entries or from their last entry's balance. */
  readonly invariantViolations: number;
  readonly accountsChecked: number;
  readonly examples: string[];
}

export function verdictFailed(verdict: CrashVerdict): boolean {
  return verdict.doubled + verdict.lost + verdict.wrongEntry + verdict.ghosts + verdict.halfThere + verdict.invariantViolations > 0;
}

/**
 * Each posting against the entries found for its number: an acknowledged one must have its
 * record (`recordOf`) and exactly `expectedEntries` entries, the first with the entry id its
 * answer gave; a refused or unreached one must have neither.
 */
export function judgePostings(input: {
  postings: readonly Posting[];
  entryOf: ReadonlyMap<string, { n: number; id: number }>;
  recordOf: (orderNo: string) => string | null;
  expectedEntries: (posting: Posting) => number;
}): {
  counts: Pick<CrashVerdict, 'found' | 'doubled' | 'lost' | 'wrongEntry' | 'ghosts'>;
  examples: string[];
  note: (line: string) => void;
} {
  const examples: string[] = [];
  const note = (line: string) => {
    if (examples.length < 10) examples.push(line);
  };
  const counts = { found: 0, doubled: 0, lost: 0, wrongEntry: 0, ghosts: 0 };
  for (const posting of input.postings) {
    const entry = input.entryOf.get(posting.orderNo);
    const record = input.recordOf(posting.orderNo);
    if (posting.outcome === 'acked') {
      const expected = input.expectedEntries(posting);
      const count = entry?.n ?? 0;
      if (!record || count < expected) {
        counts.lost += 1;
        note(
          `lost: ${posting.orderNo} (acknowledged, entry ${posting.entryId}; ${record ?? 'record'} ${record ? 'present' : 'missing'}, ${count} entries)`,
        );
      } else if (count > expected) {
        counts.doubled += 1;
        note(`doubled: ${posting.orderNo} has ${count} entries`);
      } else if (expected === 1 && entry && posting.entryId !== entry.id) {
        counts.wrongEntry += 1;
        note(`wrong entry: ${posting.orderNo} answered entry ${posting.entryId}, ledger has ${entry.id}`);
      } else {
        counts.found += 1;
      }
    } else if ((posting.outcome === 'refused' || posting.outcome === 'unreached') && (entry || record)) {
      counts.ghosts += 1;
      note(`ghost: ${posting.orderNo} was ${posting.outcome} yet is in the ledger`);
    }
  }
  return { counts, examples, note };
}

/** Counts of a run's postings by outcome, as the verdict reports them. */
export function outcomeCounts(
  postings: readonly Posting[],
): Pick<CrashVerdict, 'sent' | 'acknowledged' | 'acknowledgedAfterRetry' | 'refused' | 'unanswered' | 'unreached'> {
  const count = (outcome: Posting['outcome']) => postings.filter((p) => p.outcome === outcome && !p.retried).length;
  return {
    sent: postings.length,
    acknowledged: postings.filter((p) => p.outcome === 'acked').length,
    acknowledgedAfterRetry: postings.filter((p) => p.retried).length,
    refused: count('refused'),
    unanswered: count('unanswered'),
    unreached: count('unreached'),
  };
}

/** Reads the ledger after the restart and checks every posting of the run `runId`. */
export async function verifyLedger(input: {
  databaseUrl: string;
  tenantId: number;
  runId: string;
  postings: readonly Posting[];
}): Promise<CrashVerdict> {
  return withClient(input.databaseUrl, async (client) => {
    const like = `${input.runId}-%`;
    const entries = await client.query<{ source_id: string; n: number; entry_id: string }>(
      `
      select source_id, count(*)::int as n, min(id) as entry_id from points_entries
      where tenant_id = $1 and source_type = 'transaction' and source_id like $2 group by source_id`,
      [input.tenantId, like],
    );
    const sales = await client.query<{ order_no: string; points: string; finished: boolean }>(
      `
      select order_no, points, response <> '{}'::jsonb as finished from sales_transactions where tenant_id = $1 and order_no like $2`,
      [input.tenantId, like],
    );
    const accounts = await client.query<{ member_id: string; balance: string; total: string | null; last_balance: string | null }>(
      `
      select a.member_id, a.balance, e.total, e.last_balance
      from points_accounts a
      left join (select member_id, sum(delta) as total, (array_agg(balance_after order by id desc))[1] as last_balance
                 from points_entries where tenant_id = $1 group by member_id) e on e.member_id = a.member_id
      where a.tenant_id = $1`,
      [input.tenantId],
    );
    const orphanEntries = await client.query<{ n: number }>(
      `
      select count(distinct e.member_id)::int as n from points_entries e
      where e.tenant_id = $1 and not exists (select 1 from points_accounts a where a.tenant_id = e.tenant_id and a.member_id = e.member_id)`,
      [input.tenantId],
    );

    const entryOf = new Map(entries.rows.map((row) => [row.source_id, { n: row.n, id: Number(row.entry_id) }]));
    const saleOf = new Map(sales.rows.map((row) => [row.order_no, { points: Number(row.points), finished: row.finished }]));
    const judged = judgePostings({
      postings: input.postings,
      entryOf,
      recordOf: (orderNo) => (saleOf.has(orderNo) ? 'sale' : null),
      expectedEntries: (posting) => ((posting.points ?? 0) > 0 ? 1 : 0),
    });
    const { examples, note } = judged;
    let halfThere = 0;
    // Whole or absent: a sale of this run with points has exactly its entry; an entry has its sale.
    for (const [orderNo, sale] of saleOf) {
      const count = entryOf.get(orderNo)?.n ?? 0;
      if (!sale.finished || (sale.points > 0 ? count !== 1 : count !== 0)) {
        halfThere += 1;
        note(`half there: sale ${orderNo} (points ${sale.points}, answer stored ${sale.finished}) with ${count} entries`);
      }
    }
    for (const orderNo of entryOf.keys()) {
      if (!saleOf.has(orderNo)) {
        halfThere += 1;
        note(`half there: entry for ${orderNo} without its sale`);
      }
    }
    let invariantViolations = orphanEntries.rows[0].n;
    if (invariantViolations > 0) note(`${invariantViolations} members have entries but no account`);
    for (const row of accounts.rows) {
      const balance = Number(row.balance);
      const total = Number(row.total ?? 0);
      const last = row.last_balance === null ? 0 : Number(row.last_balance);
      if (balance !== total || balance !== last) {
        invariantViolations += 1;
        note(`account of member ${row.member_id}: balance ${balance}, sum of entries ${total}, last entry's balance ${last}`);
      }
    }
    return {
      ...outcomeCounts(input.postings),
      ...judged.counts,
      halfThere,
      invariantViolations,
      accountsChecked: accounts.rows.length,
      examples,
    };
  });
}

/** The verdict as the lines `bench:crash` prints. */
export function formatVerdict(verdict: CrashVerdict): string[] {
  return [
    `postings sent:                  ${verdict.sent}`,
    `  acknowledged (2000):          ${verdict.acknowledged} (of which ${verdict.acknowledgedAfterRetry} on the retry of an unanswered one)`,
    `  refused (other answer):       ${verdict.refused}`,
    `  unanswered after retry:       ${verdict.unanswered}`,
    `  connection refused (down):    ${verdict.unreached}`,
    `acknowledged found exactly once: ${verdict.found}`,
    `doubled:                        ${verdict.doubled}`,
    `lost:                           ${verdict.lost}`,
    `wrong entry id:                 ${verdict.wrongEntry}`,
    `in the ledger though refused:   ${verdict.ghosts}`,
    `half there (sale xor entry):    ${verdict.halfThere}`,
    `invariant violations:           ${verdict.invariantViolations} (balance = sum of entries = last balance_after, over ${verdict.accountsChecked} accounts)`,
    ...verdict.examples.map((line) => `  ${line}`),
  ];
}
