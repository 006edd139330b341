import { PassThrough, type Writable } from 'node:stream';
import { and, asc, count, eq, gt, type SQL } from 'drizzle-orm';
import type { EnumField } from '../../../resources/define';
import type { BatchProgress, BatchResultRow, BatchResultsPage, ResultCounts } from '../../../resources/contract/batch.types';
import { batchOperateResource, LINE_RESULTS, type LineResult } from '../../../resources/member/batch-operate.resource';
import { memberResource } from '../../../resources/member/member.resource';
import { pick, type Locale } from '../../../resources/messages/bilingual';
import { deriveLinesTable, deriveTable } from '../../crud/table.derive';
import type { DbOrTx } from '../../db/connection';
import { notFound } from '../../http/envelope';
import { translate } from '../i18n/translate';
import { openSheet } from '../files/xlsx.writer';
import { lineMessage } from './batch-outcome';

/**
 * The progress and per-member results of a batch operation document, for its detail screen
 * (paged, filtered by result) and as a workbook. Read straight from the lines, joined to the
 * members, so they stay cheap however many members a document lists.
 */

// The shapes of the answers are the contract's (the detail screen reads them).
export type { BatchProgress, BatchResultRow, ResultCounts };

interface DocumentRef {
  readonly db: DbOrTx;
  readonly tenantId: number;
  readonly documentId: number;
}

/** The progress of a document of the tenant; 404 for any other. */
export async function readProgress(ref: DocumentRef): Promise<BatchProgress> {
  const t = deriveTable(batchOperateResource);
  const [row] = await ref.db
    .select({
      state: t.state,
      memberCount: t.memberCount,
      processedCount: t.processedCount,
      succeededCount: t.succeededCount,
      failedCount: t.failedCount,
    })
    .from(t)
    .where(and(eq(t.tenantId, ref.tenantId), eq(t.id, ref.documentId)));
  if (!row) throw notFound();
  return {
    state: String(row.state),
    memberCount: Number(row.memberCount ?? 0),
    processedCount: Number(row.processedCount ?? 0),
    succeededCount: Number(row.succeededCount ?? 0),
    failedCount: Number(row.failedCount ?? 0),
  };
}

/** Accepts a result filter value: one of the line results, or nothing (every line). */
export function resultFilter(value: unknown): LineResult | null {
  return typeof value === 'string' && (LINE_RESULTS as readonly string[]).includes(value) ? (value as LineResult) : null;
}

function linesWhere(ref: DocumentRef, result: LineResult | null, after = 0): SQL {
  const l = deriveLinesTable(batchOperateResource, 'lines');
  return and(
    eq(l.tenantId, ref.tenantId),
    eq(l.parentId, ref.documentId),
    gt(l.lineNo, after),
    ...(result ? [eq(l.result, result)] : []),
  ) as SQL;
}

/** The lines matching a filter, in line order, with their members. */
async function resultRows(
  args: DocumentRef & { result: LineResult | null; locale: Locale; after?: number; offset?: number; limit: number },
): Promise<BatchResultRow[]> {
  const l = deriveLinesTable(batchOperateResource, 'lines');
  const m = deriveTable(memberResource);
  const rows = await args.db
    .select({
      lineNo: l.lineNo,
      memberId: l.member,
      result: l.result,
      message: l.message,
      messageValues: l.messageValues,
      memberNumber: m.memberNumber,
      name: m.name,
      mobile: m.mobile,
    })
    .from(l)
    .leftJoin(m, and(eq(m.tenantId, l.tenantId), eq(m.id, l.member)))
    .where(linesWhere(args, args.result, args.after))
    .orderBy(asc(l.lineNo))
    .offset(args.offset ?? 0)
    .limit(args.limit);
  const text = (value: unknown) => (value === null || value === undefined ? null : String(value));
  return rows.map((row) => ({
    lineNo: Number(row.lineNo),
    memberId: Number(row.memberId),
    memberNumber: text(row.memberNumber),
    name: text(row.name),
    mobile: text(row.mobile),
    result: row.result as LineResult,
    message: lineMessage({ locale: args.locale, key: text(row.message), values: text(row.messageValues) }),
  }));
}

/** One page of a document's results, with the counts per result and the progress. */
export async function resultsPage(
  args: DocumentRef & { result: LineResult | null; page: number; pageSize: number; locale: Locale },
): Promise<BatchResultsPage> {
  const progress = await readProgress(args);
  const l = deriveLinesTable(batchOperateResource, 'lines');
  const grouped = await args.db.select({ result: l.result, n: count() }).from(l).where(linesWhere(args, null)).groupBy(l.result);
  const counts = Object.fromEntries(LINE_RESULTS.map((r) => [r, Number(grouped.find((g) => g.result === r)?.n ?? 0)])) as Record<
    LineResult,
    number
  >;
  const total = args.result ? counts[args.result] : Object.values(counts).reduce((a, b) => a + b, 0);
  const records = await resultRows({ ...args, offset: (args.page - 1) * args.pageSize, limit: args.pageSize });
  return { progress, counts: counts as ResultCounts, total, records };
}

/** Rows read per statement while writing the workbook. */
const EXPORT_BATCH = 1000;

/** The name of the results workbook of a document. */
export async function resultsFileName(args: DocumentRef & { locale: Locale }): Promise<string> {
  const t = deriveTable(batchOperateResource);
  const [row] = await args.db
    .select({ number: t.number })
    .from(t)
    .where(and(eq(t.tenantId, args.tenantId), eq(t.id, args.documentId)));
  if (!row) throw notFound();
  return `${translate(args.locale, 'batch.results.fileName', { number: String(row.number) })}.xlsx`;
}

/**
 * Writes a document's results (optionally one result only) as a workbook on `stream`: line
 * number, the member's number, name and mobile, the result and the message, with the labels of
 * the declarations in the reader's language. Rows are read in keyset batches.
 */
export function writeResults(args: DocumentRef & { result: LineResult | null; locale: Locale }): Writable & PassThrough {
  const stream = new PassThrough();
  const { locale } = args;
  const lineFields = batchOperateResource.fields.lines.fields;
  const label = (text: readonly [string, string]) => pick(text, locale);
  const sheet = openSheet({
    stream,
    name: label(batchOperateResource.fields.lines.label),
    columns: [
      { header: translate(locale, 'batch.dtl.lineNo'), width: 8 },
      { header: label(memberResource.fields.memberNumber.label), width: 16 },
      { header: label(memberResource.fields.name.label), width: 16 },
      { header: label(memberResource.fields.mobile.label), width: 16 },
      { header: label(lineFields.result.label), width: 12 },
      { header: label(lineFields.message.label), width: 50 },
    ],
  });
  const results = (lineFields.result as EnumField).options;
  void (async () => {
    let after = 0;
    for (;;) {
      const rows = await resultRows({ ...args, after, limit: EXPORT_BATCH });
      for (const row of rows) {
        sheet.addRow([row.lineNo, row.memberNumber, row.name, row.mobile, label(results[row.result].label), row.message]);
      }
      if (rows.length < EXPORT_BATCH) break;
      after = rows[rows.length - 1].lineNo;
    }
    await sheet.close();
  })().catch((error: unknown) => stream.destroy(error as Error));
  return stream;
}
