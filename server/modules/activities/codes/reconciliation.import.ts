/**
 * A partner's statement of redemptions compared with ours (README.md "Reconciliation"): a
 * file-centre import (files/module-import.ts) — `POST /v1/coupon-codes/reconcile?activityId=` with
 * the workbook — that writes one reconciliation and its rows, each code in one category, in one
 * transaction. All or nothing: a statement with a refused row compares nothing and its report is
 * the task's file. The result is read through the query view `code-reconciliation`.
 */
import { sql } from 'drizzle-orm';
import { PARTNER_STATEMENT_COLUMNS, RECONCILE_TIME_TOLERANCE_SECONDS } from '../../../../resources/promotion/partner-codes.sheets';
import type { DbOrTx } from '../../../db/connection';
import { readDeclaredSheet } from '../../files/declared-sheet';
import type { ModuleImport } from '../../files/module-import';
import { partnerCampaign, PARTNER_FILE_GRANTS, readCodes } from './partner-files';

/** Most rows of one statement. */
export const MAX_STATEMENT_ROWS = 100_000;

/** The kinds whose redemptions a partner reports: codes handed out, coupons the partner issued. */
const RECONCILED_KINDS = ['EXPORT_CODE_SEND_COUPON', 'THIRD_PARTY_ISSUE'];

/**
 * Our side, by the code the partner knows: a code export's codes (their coupon's state, redemption
 * and the batch's settlement price), and the coupons a third-party campaign issued (by their own
 * number, at the campaign's settlement price).
 */
const ours = (tenantId: number, activityId: number) => sql`
  select k.code,
    case when k.coupon_id is null then 'UNBOUND' when c.state = 'USED' then 'USED' else 'UNUSED' end as state,
    c.used_at, c.used_store, b.settlement_price as amount
  from coupon_codes k
    left join coupons c on c.tenant_id = k.tenant_id and c.id = k.coupon_id
    left join coupon_code_batches b on b.tenant_id = k.tenant_id and b.id = k.batch_id
  where k.tenant_id = ${tenantId} and k.activity_id = ${activityId}
  union all
  select upper(c.code), case when c.state = 'USED' then 'USED' else 'UNUSED' end, c.used_at, c.used_store,
    (act.rule->>'thirdSettlementPrice')::numeric
  from activity_awards aw
    join activities act on act.tenant_id = aw.tenant_id and act.id = aw.activity_id
    join coupons c on c.tenant_id = aw.tenant_id and c.id in (select jsonb_array_elements_text(aw.coupon_ids)::bigint)
  where aw.tenant_id = ${tenantId} and aw.activity_id = ${activityId} and aw.source_type = 'third-party'`;

/** One line of a partner's statement, checked: its sheet row, the code in capitals, the instant, the store and amount if given. */
export interface StatementLine {
  readonly row: number;
  readonly code: string;
  readonly redeemedAt: Date;
  readonly store: string | null;
  readonly amount: string | null;
}

/**
 * Writes one reconciliation of the campaign and its rows (in the caller's transaction): each line
 * of the statement matched by code with our side, and our redemptions inside the statement's
 * period (the whole days, in `zone`, of its first and last redemption) that it does not list.
 * Answers the rows written.
 */
export async function reconcile(args: {
  tx: DbOrTx;
  tenantId: number;
  activityId: number;
  fileName: string;
  taskId: number | null;
  userId: number | null;
  zone: string;
  lines: readonly StatementLine[];
}): Promise<number> {
  const { tx, tenantId, activityId, lines, zone: timeZone } = args;
  const times = lines.map((line) => line.redeemedAt.toISOString());
  const [rec] = (
    await tx.execute<{ id: string }>(sql`insert into code_reconciliations
      (tenant_id, activity_id, file_name, period_from, period_to, task_id, created_by)
      select ${tenantId}, ${activityId}, ${args.fileName},
        date_trunc('day', min(t) at time zone ${timeZone}) at time zone ${timeZone},
        (date_trunc('day', max(t) at time zone ${timeZone}) + interval '1 day') at time zone ${timeZone},
        ${args.taskId}, ${args.userId}
      from unnest(${sql.param(times)}::timestamptz[]) as t
      returning id`)
  ).rows;
  const reconciliationId = Number(rec!.id);
  const inserted = await tx.execute(sql`
    with p as (
      select * from unnest(
        ${sql.param(lines.map((l) => l.row))}::int[],
        ${sql.param(lines.map((l) => l.code))}::text[],
        ${sql.param(times)}::timestamptz[],
        ${sql.param(lines.map((l) => l.store))}::text[],
        ${sql.param(lines.map((l) => l.amount))}::numeric[]
      ) as p(row_no, code, redeemed_at, store, amount)
    ),
    o as (${ours(tenantId, activityId)}),
    period as (select period_from, period_to from code_reconciliations where tenant_id = ${tenantId} and id = ${reconciliationId}),
    joined as (
      select p.*, o.code as our_code, o.state as our_state, o.used_at, o.used_store, o.amount as our_amount,
        case
          when p.code is null or o.state is distinct from 'USED' then null
          when abs(extract(epoch from p.redeemed_at - o.used_at)) > ${RECONCILE_TIME_TOLERANCE_SECONDS} then 'TIME'
          when p.store is not null and p.store is distinct from st.code and p.store is distinct from st.name then 'STORE'
          when p.amount is not null and o.amount is not null and p.amount <> o.amount then 'AMOUNT'
        end as difference
      from p full join o on o.code = p.code
        left join stores st on st.tenant_id = ${tenantId} and st.id = o.used_store
      where p.code is not null
        or (o.state = 'USED' and o.used_at >= (select period_from from period) and o.used_at < (select period_to from period))
    )
    insert into code_reconciliation_rows (tenant_id, reconciliation_id, activity_id, category, difference, code,
      partner_row, partner_redeemed_at, partner_store, partner_amount, our_state, our_redeemed_at, our_store_id, our_amount)
    select ${tenantId}, ${reconciliationId}, ${activityId},
      case when code is null then 'OURS_ONLY'
        when our_state is distinct from 'USED' then 'PARTNER_ONLY'
        when difference is null then 'MATCHED' else 'DIFFERENT' end,
      difference, coalesce(code, our_code), row_no, redeemed_at, store, amount,
      coalesce(our_state, 'UNKNOWN'), used_at, used_store, our_amount
    from joined
    order by row_no nulls last, our_code`);
  return inserted.rowCount ?? 0;
}

export const reconciliationImport: ModuleImport = {
  name: 'code-reconciliation',
  module: 'coupons',
  path: 'coupon-codes/reconcile',
  requires: PARTNER_FILE_GRANTS,
  query: {
    type: 'object',
    required: ['activityId'],
    properties: { activityId: { type: 'integer', minimum: 1, description: 'The third-party issuing or coupon code export campaign' } },
  },
  async prepare({ database, requester, query }) {
    const campaign = await partnerCampaign({
      db: database.db,
      tenantId: requester.tenantId,
      activityId: query.activityId,
      kinds: RECONCILED_KINDS,
      wrongKindKey: 'codes.import.notThirdCoupon',
      open: false,
      now: new Date(),
    });
    return { activityId: campaign.id };
  },
  async run({ database, task, requester, params, bytes }) {
    const { locale, timeZone } = requester;
    const sheet = await readDeclaredSheet({
      bytes,
      columns: PARTNER_STATEMENT_COLUMNS,
      maxRows: MAX_STATEMENT_ROWS,
      locale,
      zone: timeZone,
    });
    const errors = [...sheet.errors];
    const codes = readCodes({ rows: sheet.rows, columns: PARTNER_STATEMENT_COLUMNS, locale, errors });
    if (errors.length > 0) return { refused: errors, read: sheet.read };
    return database.db.transaction(async (tx) => ({
      applied: await reconcile({
        tx,
        tenantId: task.tenantId,
        activityId: Number(params.activityId),
        fileName: task.fileName,
        taskId: task.id,
        userId: requester.userId,
        zone: timeZone,
        lines: codes.map(({ row, code }) => ({
          row: row.row,
          code,
          redeemedAt: row.values.redeemedAt as Date,
          store: (row.values.store as string | null) ?? null,
          amount: row.values.amount === null || row.values.amount === undefined ? null : String(row.values.amount),
        })),
      }),
    }));
  },
};
