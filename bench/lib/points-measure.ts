import type { Database } from '../../server/db/connection';
import { postPoints } from '../../server/modules/points/points.ledger';
import { recordSale } from '../../server/modules/sale/sale.service';
import type { HttpClient } from './http-client';
import { median, throughput } from './stats';

/**
 * Points posted per second, five ways, each with `concurrency` workers posting sales of
 * 100.00 yuan (100 points at the default rule): over HTTP (`POST /v1/points/transaction`) on one
 * hot member or spread over many; `recordSale` called in-process (the same work minus HTTP,
 * access hook and JSON); and `postPoints` alone in a transaction (the ledger write itself), spread
 * and hot. The postings are split into rounds and the ways take turns within each round, so they
 * share the machine's load; each rate is the median over the rounds.
 */

/** Who posts and where. */
export interface PostingSetup {
  readonly client: HttpClient;
  readonly database: Database;
  readonly tenantId: number;
  readonly operatorId: number;
  readonly storeId: number;
  readonly hotMember: number;
  readonly spreadMembers: readonly number[];
  /** Postings per way, over all rounds. */
  readonly count: number;
  readonly rounds: number;
  readonly concurrency: number;
  /** Makes order numbers of this run unique. */
  readonly runId: string;
}

/** The rates, postings per second. */
export interface PostingRates {
  readonly apiHot: number;
  readonly apiSpread: number;
  readonly serviceSpread: number;
  readonly ledgerSpread: number;
  readonly ledgerHot: number;
}

type Way = keyof PostingRates;
const lines = [{ goodsCode: 'G92', quantity: 12.5, amount: '100.00' }];

/** Posts one sale of the way `way` for job `n` (unique order number per run, way and job). */
function poster(setup: PostingSetup, way: Way): (n: number) => Promise<void> {
  const key = (n: number) => `${setup.runId}-${way}-${n}`;
  const member = (n: number) => (way.endsWith('Hot') ? setup.hotMember : setup.spreadMembers[n % setup.spreadMembers.length]);
  if (way.startsWith('api')) {
    return async (n) => {
      const answer = await setup.client.post('/v1/points/transaction', {
        orderNo: key(n),
        memberId: member(n),
        storeId: setup.storeId,
        lines,
      });
      if (answer.status !== 200 || answer.body.code !== 2000)
        throw new Error(`posting failed: ${answer.status} ${JSON.stringify(answer.body)}`);
    };
  }
  if (way === 'serviceSpread') {
    return async (n) => {
      await recordSale({
        db: setup.database.db,
        tenantId: setup.tenantId,
        operatorId: setup.operatorId,
        sale: { orderNo: key(n), memberId: member(n), storeId: setup.storeId, lines },
      });
    };
  }
  return async (n) => {
    await setup.database.db.transaction((tx) =>
      postPoints({
        tx,
        tenantId: setup.tenantId,
        memberId: member(n),
        delta: 100,
        kind: 'earn',
        sourceType: 'transaction',
        sourceId: key(n),
        storeId: setup.storeId,
        operatorId: setup.operatorId,
      }),
    );
  };
}

/** Measures the rates. */
export async function measurePostings(setup: PostingSetup): Promise<PostingRates> {
  const ways: Way[] = ['apiHot', 'apiSpread', 'serviceSpread', 'ledgerSpread', 'ledgerHot'];
  const perRound = Math.max(1, Math.floor(setup.count / setup.rounds));
  const rates = new Map<Way, number[]>(ways.map((w) => [w, []]));
  // Warm-up (JIT, pool connections, plans), untimed.
  const warm = poster({ ...setup, runId: `${setup.runId}w` }, 'apiSpread');
  await throughput(Math.min(40, perRound), setup.concurrency, warm);
  for (let round = 0; round < setup.rounds; round += 1) {
    for (const way of ways) {
      const post = poster(setup, way);
      rates.get(way)!.push(await throughput(perRound, setup.concurrency, (n) => post(round * perRound + n)));
    }
  }
  const rate = (way: Way) => median(rates.get(way)!);
  return {
    apiHot: rate('apiHot'),
    apiSpread: rate('apiSpread'),
    serviceSpread: rate('serviceSpread'),
    ledgerSpread: rate('ledgerSpread'),
    ledgerHot: rate('ledgerHot'),
  };
}
