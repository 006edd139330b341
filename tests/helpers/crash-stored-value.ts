import { judgePostings, outcomeCounts, withClient, type CrashVerdict, type CrashWorkload, type Posting } from './crash-ledger';

/**
 * The crash check of stored value (`npm run bench:crash -- --ledger stored-value`): each client
 * cycles recharge (20.00 + 2.00 gift), pay (7.00) and refund (1.00 of its last acknowledged
 * payment) through the till routes, a new number each time. Afterwards every acknowledged
 * operation has exactly one entry (with the id its answer gave) and its record (the stored
 * answer of a recharge, the payment row, the refund row), nothing refused or unsent left a
 * trace, and every account and payment of the merchant keeps the ledger's invariants.
 */
export function storedValueWorkload(storeId: number): CrashWorkload {
  const sent = new Map<number, number>();
  const lastPayment = new Map<number, string>();
  return {
    next: ({ runId, client, memberIds }) => {
      const k = sent.get(client) ?? 0;
      sent.set(client, k + 1);
      const paid = lastPayment.get(client);
      const operation = k % 3 === 0 ? 'recharge' : k % 3 === 2 && paid ? 'refund' : 'pay';
      return {
        orderNo: `${runId}-${client}-${k}`,
        memberId: memberIds[client % memberIds.length],
        operation,
        client,
        target: operation === 'refund' ? paid : undefined,
        outcome: 'unreached',
      };
    },
    request: (posting) => {
      if (posting.operation === 'recharge') {
        const body = {
          requestNo: posting.orderNo,
          memberId: posting.memberId,
          amount: '20.00',
          giftAmount: '2.00',
          channel: 'store',
          storeId,
        };
        return { path: '/v1/stored-value/recharge', body };
      }
      if (posting.operation === 'refund')
        return { path: '/v1/stored-value/refund', body: { refundNo: posting.orderNo, requestNo: posting.target, amount: '1.00' } };
      return { path: '/v1/stored-value/pay', body: { requestNo: posting.orderNo, memberId: posting.memberId, amount: '7.00', storeId } };
    },
    acknowledge: (posting, data) => {
      posting.entryId = data.entryId as number;
      if (posting.operation === 'pay' && posting.client !== undefined) lastPayment.set(posting.client, posting.orderNo);
    },
  };
}

/** A store of the demo merchant, for the payments. */
export async function demoStore(databaseUrl: string, tenantId: number): Promise<number> {
  return withClient(databaseUrl, async (client) => {
    const found = await client.query<{ id: string }>('select id from stores where tenant_id = $1 order by id limit 1', [tenantId]);
    if (found.rows.length === 0) throw new Error('the demo merchant has no store');
    return Number(found.rows[0].id);
  });
}

/** Reads the ledger after the restart and checks every operation of the run `runId`. */
export async function verifyStoredValue(input: {
  databaseUrl: string;
  tenantId: number;
  runId: string;
  postings: readonly Posting[];
}): Promise<CrashVerdict> {
  return withClient(input.databaseUrl, async (client) => {
    const args = [input.tenantId, `${input.runId}-%`];
    const entries = await client.query<{ source_id: string; n: number; entry_id: string }>(
      `select source_id, count(*)::int as n, min(id) as entry_id from value_entries
      where tenant_id = $1 and source_id like $2 group by source_id`,
      args,
    );
    // The record each kind of operation leaves besides its entry.
    const records = await client.query<{ number: string; what: string }>(
      `select key as number, 'recharge answer' as what from idempotency_keys
        where tenant_id = $1 and operation = 'stored-value.recharge' and key like $2 and response is not null
      union all select request_no, 'payment' from value_payments where tenant_id = $1 and request_no like $2
      union all select refund_no, 'refund' from value_refunds where tenant_id = $1 and refund_no like $2`,
      args,
    );
    const invariants = await client.query<{ what: string }>(
      `select 'account ' || a.id || ': principal ' || a.principal || ' gift ' || a.gift || ' balance ' || a.balance
          || ', entries ' || coalesce(s.p, 0) || ' / ' || coalesce(s.g, 0) as what
        from value_accounts a
        left join lateral (select sum(principal_delta) as p, sum(gift_delta) as g from value_entries e
          where e.tenant_id = a.tenant_id and e.account_id = a.id) s on true
        left join lateral (select principal_after, gift_after from value_entries e
          where e.tenant_id = a.tenant_id and e.account_id = a.id order by id desc limit 1) l on true
        where a.tenant_id = $1 and (a.principal <> coalesce(s.p, 0) or a.gift <> coalesce(s.g, 0) or a.balance <> a.principal + a.gift
          or a.principal < 0 or a.gift < 0 or (l.principal_after is not null and (l.principal_after <> a.principal or l.gift_after <> a.gift)))
      union all select 'payment ' || p.request_no || ': refunded ' || (p.refunded_principal + p.refunded_gift) || ' of ' || p.amount
          || ', refund rows ' || coalesce(r.total, 0)
        from value_payments p
        left join lateral (select sum(amount) as total from value_refunds r where r.tenant_id = p.tenant_id and r.payment_id = p.id) r on true
        where p.tenant_id = $1 and (coalesce(r.total, 0) <> p.refunded_principal + p.refunded_gift or coalesce(r.total, 0) > p.amount)`,
      [input.tenantId],
    );
    const accounts = await client.query<{ n: number }>(`select count(*)::int as n from value_accounts where tenant_id = $1`, [
      input.tenantId,
    ]);

    const entryOf = new Map(entries.rows.map((row) => [row.source_id, { n: row.n, id: Number(row.entry_id) }]));
    const recordOf = new Map(records.rows.map((row) => [row.number, row.what]));
    const judged = judgePostings({
      postings: input.postings,
      entryOf,
      recordOf: (number) => recordOf.get(number) ?? null,
      expectedEntries: () => 1,
    });
    // Whole or absent: every record of this run has its one entry, every entry its record.
    let halfThere = 0;
    for (const [number, what] of recordOf) {
      if ((entryOf.get(number)?.n ?? 0) !== 1) {
        halfThere += 1;
        judged.note(`half there: ${what} ${number} with ${entryOf.get(number)?.n ?? 0} entries`);
      }
    }
    for (const number of entryOf.keys()) {
      if (!recordOf.has(number)) {
        halfThere += 1;
        judged.note(`half there: entry of ${number} without its record`);
      }
    }
    for (const row of invariants.rows) judged.note(`invariant: ${row.what}`);
    return {
      ...outcomeCounts(input.postings),
      ...judged.counts,
      halfThere,
      invariantViolations: invariants.rows.length,
      accountsChecked: accounts.rows[0].n,
      examples: judged.examples,
    };
  });
}
