import { sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/connection';
import { ADJUSTMENT_SOURCE } from './score-adjust.hooks';

/**
 * What a page of points entries came from, for the points history: an adjustment entry's
 * reason (the name of its document line's reason) and the document behind an adjustment or a
 * batch entry (its id, so the history links the number to the document). One batched lookup
 * per kind of document for the whole page.
 */

export interface EntrySource {
  readonly reason: string | null;
  readonly documentId: number | null;
}

const ADJUST_KEY = /^adjust:(\d+):(\d+)$/;

export async function entrySources(args: {
  db: DbOrTx;
  tenantId: number;
  rows: readonly Record<string, unknown>[];
}): Promise<Map<number, EntrySource>> {
  const { db, tenantId } = args;
  const out = new Map<number, EntrySource>();
  const adjustments = args.rows.flatMap((r) => {
    const match = r.source_type === ADJUSTMENT_SOURCE ? ADJUST_KEY.exec(String(r.idempotency_key ?? '')) : null;
    return match ? [{ entry: Number(r.id), doc: Number(match[1]), line: Number(match[2]) }] : [];
  });
  if (adjustments.length > 0) {
    const docs = [...new Set(adjustments.map((a) => a.doc))];
    const lines = await db.execute<{ parent_id: number; line_no: number; name: string | null }>(sql`
      select l.parent_id, l.line_no, r.name from score_adjusts_lines l
      left join score_adjust_reasons r on r.tenant_id = l.tenant_id and r.id = l.reason
      where l.tenant_id = ${tenantId} and l.parent_id = any(${`{${docs.join(',')}}`}::bigint[])`);
    const reasons = new Map(lines.rows.map((l) => [`${Number(l.parent_id)}:${Number(l.line_no)}`, l.name]));
    for (const a of adjustments) out.set(a.entry, { reason: reasons.get(`${a.doc}:${a.line}`) ?? null, documentId: a.doc });
  }
  const batchNumbers = [...new Set(args.rows.filter((r) => r.source_type === 'batch' && r.source_id).map((r) => String(r.source_id)))];
  if (batchNumbers.length > 0) {
    const docs = await db.execute<{ id: number; number: string }>(sql`select id, number from batch_operations
      where tenant_id = ${tenantId} and number = any(${batchNumbers}::text[])`);
    const ids = new Map(docs.rows.map((d) => [String(d.number), Number(d.id)]));
    for (const r of args.rows) {
      if (r.source_type !== 'batch') continue;
      const documentId = ids.get(String(r.source_id));
      if (documentId !== undefined) out.set(Number(r.id), { reason: null, documentId });
    }
  }
  return out;
}
