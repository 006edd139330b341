import { and, eq } from 'drizzle-orm';
import type { Locale } from '../../../resources/messages/bilingual';
import type { HookContext } from '../../crud/server-hooks.define';
import { AppError } from '../../http/envelope';
import { translate } from '../i18n/translate';
import { recordEvent } from '../webhooks/outbox';

/** What the audit needs of the document: its id, and where it stamps the audit time. */
interface AuditedRecord {
  readonly id: number;
  auditedAt: Date | null;
}

/** Member state as the member declaration words it (`res.member.state.*`); the code otherwise. */
function memberStateText(locale: Locale, state: unknown): string {
  const key = `res.member.state.${String(state)}`;
  const text = translate(locale, key);
  return text === key ? String(state) : text;
}

/** A refusal of the module a line posts through, in the caller's language (a blocked member's state named as such). */
export function refusalText(locale: Locale, error: AppError): string {
  const values = error.key.endsWith('.memberBlocked')
    ? { ...error.values, state: memberStateText(locale, error.values.state) }
    : error.values;
  return translate(locale, error.key, values);
}

/**
 * The audit of an adjustment document (resources/document-presets.ts), from its `afterAction`
 * hook, in the transaction of the engine's conditional state update (so of concurrent audits
 * only one gets here): `lock`, if given, takes the row locks of everything the lines touch in a stable
 * order (two documents over the same holders wait instead of deadlocking), then `post` posts
 * each line in line order, at one instant, the request's (`actor.now`, the server's clock); the
 * document's `auditedAt` is stamped with it.
 *
 * A line its ledger refuses (an AppError) refuses the whole audit: 409 (`refusedKey`, with the
 * values `line`, what `subject` names — `{ member: '张三 M000000001' }` — and `reason`, the
 * ledger's refusal translated), which rolls back the state change and every posting before it.
 */
export async function postLinesOnAudit<L extends { readonly lineNo: number }>(args: {
  ctx: HookContext & { record: AuditedRecord };
  lines: readonly L[];
  /** Takes the row locks of what the lines touch, in a stable order (omit when `lines` are already in lock order). */
  lock?: () => Promise<void>;
  post: (line: L, now: Date) => Promise<unknown>;
  refusedKey: string;
  subject: (line: L) => Promise<Record<string, string>>;
}): Promise<void> {
  const { ctx } = args;
  const { db, actor, record } = ctx;
  if (args.lock) await args.lock();
  // The request's instant (the server's clock, which the tests place), or now for a job.
  const now = actor.now ?? new Date();
  for (const line of args.lines) {
    try {
      await args.post(line, now);
    } catch (error) {
      if (!(error instanceof AppError)) throw error;
      throw new AppError(error.kind === 'notFound' ? 'conflict' : error.kind, args.refusedKey, {
        values: { line: line.lineNo, ...(await args.subject(line)), reason: refusalText(actor.locale, error) },
      });
    }
  }
  const t = ctx.table;
  await db
    .update(t)
    .set({ auditedAt: now })
    .where(and(eq(t.tenantId, actor.tenantId), eq(t.id, record.id)));
  record.auditedAt = now;
  const numberField = ctx.resource.numbering?.field;
  await recordEvent(db, {
    tenantId: actor.tenantId,
    type: 'DOCUMENT_AUDITED',
    memberId: null,
    data: {
      document: ctx.resource.name,
      id: record.id,
      number: numberField ? ((record as unknown as Record<string, unknown>)[numberField] ?? null) : null,
      lines: args.lines.length,
    },
  });
}
