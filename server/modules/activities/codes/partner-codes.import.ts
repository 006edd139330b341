/**
 * A partner's codes imported into a coupon code export campaign as one batch (README.md
 * "Imported codes"): a file-centre import (files/module-import.ts) — `POST
 * /v1/coupon-codes/import?activityId=&issuer=&settlementPrice=&fileName=` with the workbook —
 * whose rows are the codes. All or nothing, as every import of the file centre: a file with any
 * refused row imports no code and its report (row, column, why) is the task's file.
 */
import { sql } from 'drizzle-orm';
import { pick } from '../../../../resources/messages/bilingual';
import { centsToString, toCents } from '../../../../resources/money/cents';
import { PARTNER_CODE_COLUMNS } from '../../../../resources/promotion/partner-codes.sheets';
import type { DbOrTx } from '../../../db/connection';
import { AppError, badInput } from '../../../http/envelope';
import { readDeclaredSheet } from '../../files/declared-sheet';
import type { RowError } from '../../files/error-report';
import type { ModuleImport } from '../../files/module-import';
import { FileProblem } from '../../files/sheet-reader';
import type { TaskRequester } from '../../files/task-requester';
import { assertGiftApproved } from '../gift-approval';
import { partnerCampaign, PARTNER_FILE_GRANTS, readCodes, RefusedRows } from './partner-files';

/** Most codes of one partner file (as many as a campaign may generate). */
export const MAX_PARTNER_CODES = 100_000;
/** Most characters of a batch's issuer. */
export const MAX_ISSUER_LENGTH = 64;
/** The highest settlement price of a code, in cents (as a third-party campaign's). */
const MAX_PRICE_CENTS = 100_000_000n;
/** Codes inserted per statement (and between two progress saves). */
const BATCH = 5000;

/** The issuer and price of the batch, or the 400 naming the field. */
function batchTerms(query: Record<string, unknown>): { issuer: string; settlementPrice: string } {
  const issuer = typeof query.issuer === 'string' ? query.issuer.trim() : '';
  const fields = [];
  if (issuer === '' || [...issuer].length > MAX_ISSUER_LENGTH)
    fields.push({ field: 'issuer', key: 'codes.import.issuer', values: { max: MAX_ISSUER_LENGTH } });
  const cents =
    typeof query.settlementPrice === 'string' || typeof query.settlementPrice === 'number' ? toCents(query.settlementPrice) : null;
  if (cents === null || cents < 0n || cents > MAX_PRICE_CENTS) fields.push({ field: 'settlementPrice', key: 'codes.import.price' });
  if (fields.length > 0) throw badInput('error.fieldsInvalid', fields);
  return { issuer, settlementPrice: centsToString(cents!) };
}

/** The rows whose codes the merchant holds already: another campaign's code, or a coupon's number. */
async function heldCodes(args: {
  tx: DbOrTx;
  tenantId: number;
  codes: { row: number; code: string }[];
  label: string;
}): Promise<RowError[]> {
  const list = args.codes.map((c) => c.code);
  const held = await args.tx.execute<{ code: string; name: string }>(sql`
    select k.code, a.name from coupon_codes k join activities a on a.tenant_id = k.tenant_id and a.id = k.activity_id
    where k.tenant_id = ${args.tenantId} and k.code = any(${sql.param(list)}::text[])`);
  const coupons = await args.tx.execute<{ code: string }>(sql`
    select upper(code) as code from coupons where tenant_id = ${args.tenantId} and upper(code) = any(${sql.param(list)}::text[])`);
  const byCampaign = new Map(held.rows.map((r) => [r.code, r.name]));
  const asCoupon = new Set(coupons.rows.map((r) => r.code));
  const errors: RowError[] = [];
  for (const { row, code } of args.codes) {
    const name = byCampaign.get(code);
    if (name !== undefined) errors.push({ row, field: args.label, key: 'codes.import.held', values: { code, name } });
    else if (asCoupon.has(code)) errors.push({ row, field: args.label, key: 'codes.import.couponNumber', values: { code } });
  }
  return errors;
}

/** Writes a batch and its codes (checked already: new to the merchant, distinct, in capitals). */
export async function insertBatch(args: {
  tx: DbOrTx;
  tenantId: number;
  activityId: number;
  issuer: string;
  settlementPrice: string;
  fileName: string;
  taskId: number | null;
  userId: number | null;
  codes: readonly string[];
  progress?: (done: number, total: number) => Promise<void>;
}): Promise<number> {
  const { tx, tenantId, activityId, codes } = args;
  const [batch] = (
    await tx.execute<{ id: string }>(sql`insert into coupon_code_batches
      (tenant_id, activity_id, issuer, settlement_price, file_name, code_count, task_id, created_by)
      values (${tenantId}, ${activityId}, ${args.issuer}, ${args.settlementPrice}::numeric,
        ${args.fileName}, ${codes.length}, ${args.taskId}, ${args.userId})
      returning id`)
  ).rows;
  const batchId = Number(batch!.id);
  for (let from = 0; from < codes.length; from += BATCH) {
    const slice = codes.slice(from, from + BATCH);
    await tx.execute(sql`insert into coupon_codes (tenant_id, activity_id, code, batch_id)
      select ${tenantId}, ${activityId}, code, ${batchId} from unnest(${sql.param(slice)}::text[]) as code`);
    await args.progress?.(from + slice.length, codes.length);
  }
  return batchId;
}

/**
 * The value approval rule on a batch (README "Imported codes"): the codes it adds are coupons
 * the campaign can give, at the template's worth (within the coupon budget), measured as the
 * audit measures the generated codes. Above the merchant's threshold, the batch is a second
 * person's: one who neither created nor last changed the campaign, so its maker and the importer
 * are two people; the campaign's maker is refused (the task fails with `approval.secondPerson`).
 */
async function assertBatchApproved(args: { tx: DbOrTx; tenantId: number; activityId: number; codes: number; requester: TaskRequester }) {
  const { tx, tenantId, requester } = args;
  const found = await tx.execute<{
    rule: Record<string, unknown> | null;
    budget: unknown;
    created_by: string | null;
    updated_by: string | null;
  }>(sql`select rule, budget, created_by, updated_by from activities where tenant_id = ${tenantId} and id = ${args.activityId}`);
  const campaign = found.rows[0];
  if (!campaign) return;
  try {
    // The audit's rule, on the batch's codes alone: the campaign's makers may not add them above the threshold.
    await assertGiftApproved({
      db: tx,
      actor: { tenantId, userId: requester.userId, locale: requester.locale },
      record: {
        kind: 'EXPORT_CODE_SEND_COUPON',
        rule: { ...(campaign.rule ?? {}), codeCount: args.codes },
        budget: campaign.budget,
        createdBy: campaign.created_by,
        updatedBy: campaign.updated_by,
      },
    });
  } catch (error) {
    if (error instanceof AppError) throw new FileProblem(error.key, error.values);
    throw error;
  }
}

export const partnerCodesImport: ModuleImport = {
  name: 'coupon-code-batch',
  module: 'coupons',
  path: 'coupon-codes/import',
  requires: PARTNER_FILE_GRANTS,
  query: {
    type: 'object',
    required: ['activityId'],
    properties: {
      activityId: { type: 'integer', minimum: 1, description: 'The coupon code export campaign' },
      issuer: { type: 'string', description: `Who issued the codes (1–${MAX_ISSUER_LENGTH} characters)` },
      settlementPrice: { type: 'string', description: 'What the merchant settles per code redeemed, yuan (0–1000000, 2 decimals)' },
    },
  },
  async prepare({ database, requester, query }) {
    const terms = batchTerms(query);
    const campaign = await partnerCampaign({
      db: database.db,
      tenantId: requester.tenantId,
      activityId: query.activityId,
      kinds: ['EXPORT_CODE_SEND_COUPON'],
      wrongKindKey: 'codes.import.notCodeCampaign',
      open: true,
      now: new Date(),
    });
    return { activityId: campaign.id, ...terms };
  },
  async run({ database, task, requester, params, bytes, progress }) {
    const { locale, timeZone } = requester;
    const sheet = await readDeclaredSheet({ bytes, columns: PARTNER_CODE_COLUMNS, maxRows: MAX_PARTNER_CODES, locale, zone: timeZone });
    const errors = [...sheet.errors];
    const codes = readCodes({ rows: sheet.rows, columns: PARTNER_CODE_COLUMNS, locale, errors });
    const activityId = Number(params.activityId);
    const tenantId = task.tenantId;
    try {
      return await database.db.transaction(async (tx) => {
        // One import of the merchant's codes at a time: the check below and the insert see the same codes.
        await tx.execute(sql`select pg_advisory_xact_lock(hashtextextended('coupon-codes:' || ${tenantId}::text, 0))`);
        const label = pick(PARTNER_CODE_COLUMNS.code.label, locale);
        errors.push(...(await heldCodes({ tx, tenantId, codes: codes.map((c) => ({ row: c.row.row, code: c.code })), label })));
        if (errors.length > 0) throw new RefusedRows();
        await assertBatchApproved({ tx, tenantId, activityId, codes: codes.length, requester });
        await insertBatch({
          tx,
          tenantId,
          activityId,
          issuer: String(params.issuer),
          settlementPrice: String(params.settlementPrice),
          fileName: task.fileName,
          taskId: task.id,
          userId: requester.userId,
          codes: codes.map((c) => c.code),
          progress,
        });
        return { applied: codes.length };
      });
    } catch (error) {
      if (!(error instanceof RefusedRows)) throw error;
      return { refused: errors, read: sheet.read };
    }
  },
};
