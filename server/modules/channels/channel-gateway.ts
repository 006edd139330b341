import { sql } from 'drizzle-orm';
import type { CallOutcome, ChannelName } from '../../../resources/setting/channel-calls.query-view';
import type { Db } from '../../db/connection';

/** Who asks for a call, and for which merchant: every call is recorded under them. */
export interface CallContext {
  readonly db: Db;
  readonly tenantId: number;
  /** The console user who asked; null when the server itself calls (a job). */
  readonly userId: number | null;
  /** The merchant's IANA time zone (quiet hours are the merchant's hours). */
  readonly timeZone: string;
}

/** What an adapter reports of one exchange with its platform. */
export type SendResult<T> =
  | { readonly ok: true; readonly data: T; readonly response: unknown }
  | { readonly ok: false; readonly errorCode: string; readonly errorMessage: string; readonly response: unknown };

/** What every caller of the gateway gets back: how the call ended, the platform's data, the logged call. */
export interface ChannelAnswer<T> {
  readonly outcome: CallOutcome;
  /** The platform's answer when the outcome is OK, else null. */
  readonly data: T | null;
  readonly errorCode: string | null;
  readonly errorMessage: string | null;
  /** The call's row in the call log (`channel_calls`). */
  readonly callId: number;
}

/** One call as the gateway runs it. */
export interface GatewayCall<S, T> {
  readonly ctx: CallContext;
  readonly channel: ChannelName;
  /** The platform's name of the operation (`card/create`, `alipay.marketing.card.template.create`, `SendSms`). */
  readonly operation: string;
  /** What is sent, credentials left out: what the log shows, and what a channel without them would have sent. */
  readonly request: unknown;
  /** The channel's settings when it has credentials; null: not connected. */
  readonly settings: S | null;
  /** A rule of ours that holds the call back before it leaves (quiet hours): its code, or null. */
  readonly refusal?: (settings: S) => { readonly code: string; readonly message: string } | null;
  /** The adapter's exchange with the platform. */
  readonly send: (settings: S) => Promise<SendResult<T>>;
}

/** The longest text of an error kept in the log. */
const MESSAGE_MAX = 500;

/**
 * The one way out to a platform (issue 27 §1): every channel's typed interface calls this. A
 * channel without credentials sends nothing and answers NOT_CONNECTED; a rule of ours may hold
 * the call back (REFUSED); otherwise the adapter sends it, and a thrown error (network, timeout,
 * a signature that does not verify) is a FAILED call, never an exception for the caller. Every
 * call, whatever its end, is recorded with who asked, what was sent and answered and how long it
 * took.
 */
export async function callChannel<S, T>(call: GatewayCall<S, T>): Promise<ChannelAnswer<T>> {
  const started = performance.now();
  let outcome: CallOutcome;
  let data: T | null = null;
  let errorCode: string | null = null;
  let errorMessage: string | null = null;
  let response: unknown = null;
  const refused = call.settings === null ? null : (call.refusal?.(call.settings) ?? null);
  if (call.settings === null) {
    outcome = 'NOT_CONNECTED';
  } else if (refused) {
    outcome = 'REFUSED';
    errorCode = refused.code;
    errorMessage = refused.message;
  } else {
    try {
      const result = await call.send(call.settings);
      response = result.response;
      if (result.ok) {
        outcome = 'OK';
        data = result.data;
      } else {
        outcome = 'FAILED';
        errorCode = result.errorCode;
        errorMessage = result.errorMessage;
      }
    } catch (error) {
      outcome = 'FAILED';
      errorCode = 'unreachable';
      errorMessage = error instanceof Error ? error.message : String(error);
    }
  }
  const callId = await recordCall({
    ctx: call.ctx,
    row: {
      channel: call.channel,
      operation: call.operation,
      outcome,
      errorCode,
      errorMessage: errorMessage?.slice(0, MESSAGE_MAX) ?? null,
      request: call.request,
      response,
      durationMs: Math.round(performance.now() - started),
    },
  });
  return { outcome, data, errorCode, errorMessage, callId };
}

interface CallRow {
  readonly channel: ChannelName;
  readonly operation: string;
  readonly outcome: CallOutcome;
  readonly errorCode: string | null;
  readonly errorMessage: string | null;
  readonly request: unknown;
  readonly response: unknown;
  readonly durationMs: number;
}

// Written at once, not batched like application calls: a channel call is rare and its row is the
// merchant's proof of what was sent, and the caller answers with its id.
async function recordCall(args: { ctx: CallContext; row: CallRow }): Promise<number> {
  const { ctx, row } = args;
  const result = await ctx.db.execute<{ id: string }>(sql`
    insert into channel_calls (tenant_id, channel, operation, outcome, error_code, error_message, request, response, user_id, duration_ms)
    values (${ctx.tenantId}, ${row.channel}, ${row.operation}, ${row.outcome}, ${row.errorCode}, ${row.errorMessage},
            ${JSON.stringify(row.request ?? null)}::jsonb, ${row.response === null ? null : JSON.stringify(row.response)}::jsonb,
            ${ctx.userId}, ${row.durationMs})
    returning id`);
  return Number(result.rows[0].id);
}
