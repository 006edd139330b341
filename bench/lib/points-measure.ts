import type { Database } from '../../server/db/connection';
import { postPoints } from '../../server/modules/points/points.ledger';
import { recordSale } from '../../server/modules/points/sales.service';
import type { HttpClient } from './http-client';
import { throughput } from './stats';

/**
 * Points posted per second, four ways, each with `concurrency` workers posting `count` sales:
 * over HTTP (`POST /v1/points/transaction`, 100.00 yuan → 100 points at the default rule) on
 * one hot member or spread over many; `recordSale` called in-process (the same work minus
 * HTTP, session and JSON); and `postPoints` alone in a transaction (the ledger write itself).
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
  readonly count: number;
  readonly concurrency: number;
  /** Makes order numbers of this run unique. */
  readonly runId: string;
}

/** The four rates, postings per second. */
export interface PostingRates {
  readonly apiHot: number;
  readonly apiSpread: number;
  readonly serviceSpread: number;
  readonly ledgerSpread: number;
  readonly ledgerHot: number;
}

const lines = [{ goodsCode: 'G92', quantity: 12.5, amount: '100.00' }];

async function postOverHttp(setup: PostingSetup, memberOf: (n: number) => number, tag: string): Promise<number> {
  return throughput(setup.count, setup.concurrency, async (n) => {
    const answer = await setup.client.post('/v1/points/transaction', {
      orderNo: `${setup.runId}-${tag}-${n}`, memberId: memberOf(n), storeId: setup.storeId, lines,
    });
    if (answer.status !== 200 || answer.body.code !== 2000) throw new Error(`posting failed: ${answer.status} ${JSON.stringify(answer.body)}`);
  });
}

/** Measures the rates, one way after the other. */
export async function measurePostings(setup: PostingSetup): Promise<PostingRates> {
  const spread = (n: number) => setup.spreadMembers[n % setup.spreadMembers.length];
  const hot = () => setup.hotMember;
  const apiHot = await postOverHttp(setup, hot, 'hot');
  const apiSpread = await postOverHttp(setup, spread, 'spread');
  const serviceSpread = await throughput(setup.count, setup.concurrency, async (n) => {
    await recordSale({
      db: setup.database.db, tenantId: setup.tenantId, operatorId: setup.operatorId,
      sale: { orderNo: `${setup.runId}-svc-${n}`, memberId: spread(n + 1), storeId: setup.storeId, lines },
    });
  });
  const ledger = (memberOf: (n: number) => number, tag: string) => throughput(setup.count, setup.concurrency, async (n) => {
    await setup.database.db.transaction((tx) => postPoints({
      tx, tenantId: setup.tenantId, memberId: memberOf(n), delta: 100, kind: 'earn', sourceType: 'transaction',
      sourceId: `${setup.runId}-${tag}-${n}`, storeId: setup.storeId, operatorId: setup.operatorId,
    }));
  });
  const ledgerSpread = await ledger((n) => spread(n + 2), 'led');
  const ledgerHot = await ledger(hot, 'ledhot');
  return { apiHot, apiSpread, serviceSpread, ledgerSpread, ledgerHot };
}
