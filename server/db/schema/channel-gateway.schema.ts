import { sql } from 'drizzle-orm';
import { bigint, check, index, integer, jsonb, numeric, pgTable, primaryKey, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';

/**
 * The channel gateway's tables (server/modules/channels): every call made (or that would have
 * been made) to an outside platform, and the access tokens a platform hands out, shared by every
 * API process.
 */

/**
 * One row per call through the gateway: the merchant, who asked (a user, or null for the server
 * itself), the channel and operation, what was sent (credentials left out), what came back, how
 * it ended and how long it took. NOT_CONNECTED rows are the calls a channel without credentials
 * would have made.
 */
export const channelCalls = pgTable(
  'channel_calls',
  {
    tenantId: bigint('tenant_id', { mode: 'number' }).notNull(),
    id: bigint('id', { mode: 'number' }).generatedAlwaysAsIdentity(),
    channel: text('channel').notNull(),
    operation: text('operation').notNull(),
    /** OK, FAILED (the platform or the network refused), REFUSED (a rule here stopped it), NOT_CONNECTED. */
    outcome: text('outcome').notNull(),
    /** The platform's own error code (`40001`, `isv.BUSINESS_LIMIT_CONTROL`), or ours (`quietHours`). */
    errorCode: text('error_code'),
    errorMessage: text('error_message'),
    request: jsonb('request').notNull(),
    response: jsonb('response'),
    userId: bigint('user_id', { mode: 'number' }),
    durationMs: integer('duration_ms').notNull(),
    calledAt: timestamp('called_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    primaryKey({ columns: [t.tenantId, t.id] }),
    index('channel_calls_channel_idx').on(t.tenantId, t.channel, t.id),
    check('channel_calls_outcome_check', sql`${t.outcome} in ('OK', 'FAILED', 'REFUSED', 'NOT_CONNECTED')`),
  ],
);

/**
 * A platform's access token for one merchant (WeChat's `access_token`): fetched by one process
 * under an advisory lock and read by all, so concurrent calls refresh it once.
 */
export const channelTokens = pgTable(
  'channel_tokens',
  {
    tenantId: bigint('tenant_id', { mode: 'number' }).notNull(),
    channel: text('channel').notNull(),
    /** Which credentials it was issued for (the app id): a changed app id never reuses it. */
    issuedFor: text('issued_for').notNull(),
    token: text('token').notNull(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    refreshedAt: timestamp('refreshed_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.tenantId, t.channel] })],
);

/**
 * The state of one WeChat official-account authorisation under way (server/modules/channels/
 * wechat-authorize.routes.ts): bound to the merchant and the user who started it, valid 10
 * minutes, used once. WeChat's redirect comes back without the console's session (a cross-site
 * navigation carries no SameSite=Strict cookie), so the state is what says whose it is. Only the
 * SHA-256 of the state is kept.
 */
export const wechatAuthorizeStates = pgTable(
  'wechat_authorize_states',
  {
    stateHash: text('state_hash').primaryKey(),
    tenantId: bigint('tenant_id', { mode: 'number' }).notNull(),
    userId: bigint('user_id', { mode: 'number' }).notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    usedAt: timestamp('used_at', { withTimezone: true }),
  },
  (t) => [index('wechat_authorize_states_tenant_idx').on(t.tenantId, t.createdAt)],
);

/**
 * One Meituan group-buy voucher consumption at a store (美团验券, issue 27 §4), written only when
 * Meituan accepted it (meituan-voucher.routes.ts): who, when, the code, the deal, the amount,
 * Meituan's answer and the gateway call's id. `request_id` is the screen's idempotency key: a
 * double submit consumes once (unique per merchant). CANCELLED once Meituan accepted the reversal.
 */
export const meituanVoucherConsumptions = pgTable(
  'meituan_voucher_consumptions',
  {
    tenantId: bigint('tenant_id', { mode: 'number' }).notNull(),
    id: bigint('id', { mode: 'number' }).generatedAlwaysAsIdentity(),
    requestId: text('request_id').notNull(),
    storeId: bigint('store_id', { mode: 'number' }).notNull(),
    code: text('code').notNull(),
    count: integer('count').notNull(),
    dealId: text('deal_id').notNull(),
    dealTitle: text('deal_title').notNull(),
    /** What one voucher sells for (Meituan's `deal_price`), exact. */
    unitPrice: numeric('unit_price', { precision: 14, scale: 2 }).notNull(),
    amount: numeric('amount', { precision: 14, scale: 2 }).notNull(),
    state: text('state').notNull().default('CONSUMED'),
    response: jsonb('response').notNull(),
    callId: bigint('call_id', { mode: 'number' }).notNull(),
    userId: bigint('user_id', { mode: 'number' }),
    consumedAt: timestamp('consumed_at', { withTimezone: true }).notNull().defaultNow(),
    cancelCallId: bigint('cancel_call_id', { mode: 'number' }),
    cancelledBy: bigint('cancelled_by', { mode: 'number' }),
    cancelledAt: timestamp('cancelled_at', { withTimezone: true }),
  },
  (t) => [
    primaryKey({ columns: [t.tenantId, t.id] }),
    uniqueIndex('meituan_voucher_consumptions_request_idx').on(t.tenantId, t.requestId),
    index('meituan_voucher_consumptions_store_idx').on(t.tenantId, t.storeId, t.id),
    check('meituan_voucher_consumptions_state_check', sql`${t.state} in ('CONSUMED', 'CANCELLED')`),
    check('meituan_voucher_consumptions_count_check', sql`${t.count} > 0`),
  ],
);

/**
 * One push a platform made to the console (WeChat's authorisation events and the official
 * account's card events, server/modules/channels/wechat-push.routes.ts): what it was, how it
 * ended, when. ACCEPTED (handled), REPLAYED (the same message again: answered, not handled twice),
 * REFUSED (the signature or the decryption failed: nothing handled), IGNORED (a message the console
 * has no use for). `dedupe_key` is the message's identity (its MsgId, else the sender and
 * CreateTime WeChat documents for de-duplication); unique per merchant and channel, so a message is
 * handled once however often it arrives. The health page shows the latest.
 */
export const channelCallbacks = pgTable(
  'channel_callbacks',
  {
    tenantId: bigint('tenant_id', { mode: 'number' }).notNull(),
    id: bigint('id', { mode: 'number' }).generatedAlwaysAsIdentity(),
    channel: text('channel').notNull(),
    /** The platform's name of the event (`component_verify_ticket`, `user_get_card`), or `unknown` when refused unread. */
    event: text('event').notNull(),
    outcome: text('outcome').notNull(),
    /** Why it was refused (`signature`, `decrypt`, `appId`), else null. */
    reason: text('reason'),
    dedupeKey: text('dedupe_key'),
    /** What the message said, secrets (the ticket) left out. */
    detail: jsonb('detail'),
    receivedAt: timestamp('received_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    primaryKey({ columns: [t.tenantId, t.id] }),
    uniqueIndex('channel_callbacks_dedupe_idx').on(t.tenantId, t.channel, t.dedupeKey),
    index('channel_callbacks_latest_idx').on(t.tenantId, t.channel, t.id),
    check('channel_callbacks_outcome_check', sql`${t.outcome} in ('ACCEPTED', 'REPLAYED', 'REFUSED', 'IGNORED')`),
  ],
);

/**
 * A WeChat member card a person holds (the card design's WeChat card, received, activated,
 * deleted: the official account's card events). The openid (and unionid when the account is bound
 * to an open platform) names the person; `member_id` once the activation named a member (their
 * mobile). `pay_rule_id`: the pay-to-join rule the card came through, whose gift the member is
 * given once on joining (`gift_given_at`, set by one conditional update in the giving's
 * transaction).
 */
export const wechatMemberCards = pgTable(
  'wechat_member_cards',
  {
    tenantId: bigint('tenant_id', { mode: 'number' }).notNull(),
    id: bigint('id', { mode: 'number' }).generatedAlwaysAsIdentity(),
    cardId: text('card_id').notNull(),
    /** The card's code (`UserCardCode`), unique per merchant. */
    code: text('code').notNull(),
    openId: text('open_id').notNull(),
    unionId: text('union_id'),
    memberId: bigint('member_id', { mode: 'number' }),
    payRuleId: bigint('pay_rule_id', { mode: 'number' }),
    /** HELD (received), ACTIVE (activated), DELETED (the holder deleted it). */
    state: text('state').notNull().default('HELD'),
    receivedAt: timestamp('received_at', { withTimezone: true }).notNull().defaultNow(),
    activatedAt: timestamp('activated_at', { withTimezone: true }),
    deletedAt: timestamp('deleted_at', { withTimezone: true }),
    giftGivenAt: timestamp('gift_given_at', { withTimezone: true }),
  },
  (t) => [
    primaryKey({ columns: [t.tenantId, t.id] }),
    uniqueIndex('wechat_member_cards_code_idx').on(t.tenantId, t.code),
    index('wechat_member_cards_member_idx').on(t.tenantId, t.memberId),
    index('wechat_member_cards_pay_rule_idx').on(t.tenantId, t.payRuleId),
    check('wechat_member_cards_state_check', sql`${t.state} in ('HELD', 'ACTIVE', 'DELETED')`),
  ],
);

/**
 * A code texted to a card holder on the binding page (wechat-card-bind.routes.ts): kept as its
 * SHA-256 only, for one card and one mobile, 10 minutes, at most 5 tries, used once. One new code
 * per card a minute (`sent_at`).
 */
export const wechatBindCodes = pgTable(
  'wechat_bind_codes',
  {
    tenantId: bigint('tenant_id', { mode: 'number' }).notNull(),
    id: bigint('id', { mode: 'number' }).generatedAlwaysAsIdentity(),
    /** The card's code (`wechat_member_cards.code`). */
    cardCode: text('card_code').notNull(),
    mobile: text('mobile').notNull(),
    codeHash: text('code_hash').notNull(),
    sentAt: timestamp('sent_at', { withTimezone: true }).notNull().defaultNow(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    tries: integer('tries').notNull().default(0),
    usedAt: timestamp('used_at', { withTimezone: true }),
  },
  (t) => [primaryKey({ columns: [t.tenantId, t.id] }), index('wechat_bind_codes_card_idx').on(t.tenantId, t.cardCode, t.id)],
);
