/**
 * What the two partner files of a third-party coupon campaign share (README.md "Imported codes",
 * "Reconciliation"): who may upload them (配置维护 on the kind's entry, 营销/第三方发券), the
 * campaign they are for (checked before the file is queued: 404, or 400 naming `activityId`), and
 * the reading of a code cell (trimmed, in capitals, letters and digits, once per file).
 */
import { sql } from 'drizzle-orm';
import type { PermissionRef } from '../../../../resources/catalog/types';
import { pick, type Locale } from '../../../../resources/messages/bilingual';
import { activityKind } from '../../../../resources/promotion/kinds/index';
import { PARTNER_CODE_PATTERN } from '../../../../resources/promotion/partner-codes.sheets';
import type { DbOrTx } from '../../../db/connection';
import { AppError, badInput, notFound } from '../../../http/envelope';
import type { DeclaredRow, SheetColumns } from '../../files/declared-sheet';
import type { RowError } from '../../files/error-report';
import { kindRefs } from '../activity.hooks';

/** Who uploads a partner's file: whoever maintains the kind's campaigns (both kinds share the entry 第三方发券). */
export const PARTNER_FILE_GRANTS: readonly PermissionRef[] = kindRefs(activityKind('EXPORT_CODE_SEND_COUPON')!, ['配置维护']);

/** The campaign a partner's file is for. */
export interface PartnerCampaign {
  readonly id: number;
  readonly kind: string;
  readonly name: string;
}

/**
 * The merchant's campaign `activityId`, of one of `kinds` (else 400 naming `activityId`, with
 * `wrongKindKey`), not ended by hand or by time (else 409 `codes.import.ended` when `open`); 404
 * when the merchant has none of that id.
 */
export async function partnerCampaign(args: {
  db: DbOrTx;
  tenantId: number;
  activityId: unknown;
  kinds: readonly string[];
  wrongKindKey: string;
  open: boolean;
  now: Date;
}): Promise<PartnerCampaign> {
  const id = Number(args.activityId);
  if (!Number.isSafeInteger(id) || id < 1) throw badInput('error.badInput', [{ field: 'activityId', key: 'validation.type' }]);
  const found = await args.db.execute<{ kind: string; name: string; state: string; end_time: Date }>(sql`
    select kind, name, state, end_time from activities where tenant_id = ${args.tenantId} and id = ${id}`);
  const row = found.rows[0];
  if (!row) throw notFound('codes.import.noCampaign', { id });
  if (!args.kinds.includes(row.kind)) {
    throw new AppError('badInput', args.wrongKindKey, {
      values: { name: row.name },
      fields: [{ field: 'activityId', key: args.wrongKindKey, values: { name: row.name } }],
    });
  }
  if (args.open && (row.state === 'STOPED' || new Date(row.end_time).getTime() <= args.now.getTime())) {
    throw new AppError('conflict', 'codes.import.ended', { values: { name: row.name } });
  }
  return { id, kind: row.kind, name: row.name };
}

/**
 * The rows' codes in capitals, each row's code checked for its letters and digits and against the
 * rows above (a repeated code names the first row holding it); the rows it refuses are left out.
 */
export function readCodes(args: {
  rows: readonly DeclaredRow[];
  columns: SheetColumns;
  locale: Locale;
  errors: RowError[];
}): { row: DeclaredRow; code: string }[] {
  const label = pick(args.columns.code!.label, args.locale);
  const firstRow = new Map<string, number>();
  const codes: { row: DeclaredRow; code: string }[] = [];
  for (const row of args.rows) {
    const code = String(row.values.code).trim().toUpperCase();
    if (!PARTNER_CODE_PATTERN.test(code)) {
      args.errors.push({ row: row.row, field: label, key: 'codes.import.format', values: { code } });
      continue;
    }
    const first = firstRow.get(code);
    if (first !== undefined) {
      args.errors.push({ row: row.row, field: label, key: 'codes.import.duplicateInFile', values: { code, first } });
      continue;
    }
    firstRow.set(code, row.row);
    codes.push({ row, code });
  }
  return codes;
}

/** Thrown inside an import's transaction to roll it back once every row has been checked. */
export class RefusedRows extends Error {}
