CREATE TABLE "channel_callbacks" (
	"tenant_id" bigint NOT NULL,
	"id" bigint GENERATED ALWAYS AS IDENTITY (sequence name "channel_callbacks_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"channel" text NOT NULL,
	"event" text NOT NULL,
	"outcome" text NOT NULL,
	"reason" text,
	"dedupe_key" text,
	"detail" jsonb,
	"received_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "channel_callbacks_tenant_id_id_pk" PRIMARY KEY("tenant_id","id"),
	CONSTRAINT "channel_callbacks_outcome_check" CHECK ("channel_callbacks"."outcome" in ('ACCEPTED', 'REPLAYED', 'REFUSED', 'IGNORED'))
);
--> statement-breakpoint
CREATE TABLE "wechat_member_cards" (
	"tenant_id" bigint NOT NULL,
	"id" bigint GENERATED ALWAYS AS IDENTITY (sequence name "wechat_member_cards_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"card_id" text NOT NULL,
	"code" text NOT NULL,
	"open_id" text NOT NULL,
	"union_id" text,
	"member_id" bigint,
	"pay_rule_id" bigint,
	"state" text DEFAULT 'HELD' NOT NULL,
	"received_at" timestamp with time zone DEFAULT now() NOT NULL,
	"activated_at" timestamp with time zone,
	"deleted_at" timestamp with time zone,
	"gift_given_at" timestamp with time zone,
	CONSTRAINT "wechat_member_cards_tenant_id_id_pk" PRIMARY KEY("tenant_id","id"),
	CONSTRAINT "wechat_member_cards_state_check" CHECK ("wechat_member_cards"."state" in ('HELD', 'ACTIVE', 'DELETED'))
);
--> statement-breakpoint
ALTER TABLE "stores" ADD COLUMN "meituan_shop_id" text;--> statement-breakpoint
ALTER TABLE "wechat_channels" ADD COLUMN "message_token" text;--> statement-breakpoint
ALTER TABLE "wechat_channels" ADD COLUMN "encoding_aes_key" text;--> statement-breakpoint
ALTER TABLE "wechat_pay_rules" ADD COLUMN "value_makers" bigint[] DEFAULT '{}'::bigint[] NOT NULL;--> statement-breakpoint
ALTER TABLE "wechat_pay_rules" ADD COLUMN "gift_coupon_worth" numeric(14, 2);--> statement-breakpoint
ALTER TABLE "wechat_pay_rules" ADD COLUMN "gift_coupon_points" integer;--> statement-breakpoint
CREATE UNIQUE INDEX "channel_callbacks_dedupe_idx" ON "channel_callbacks" USING btree ("tenant_id","channel","dedupe_key");--> statement-breakpoint
CREATE INDEX "channel_callbacks_latest_idx" ON "channel_callbacks" USING btree ("tenant_id","channel","id");--> statement-breakpoint
CREATE UNIQUE INDEX "wechat_member_cards_code_idx" ON "wechat_member_cards" USING btree ("tenant_id","code");--> statement-breakpoint
CREATE INDEX "wechat_member_cards_member_idx" ON "wechat_member_cards" USING btree ("tenant_id","member_id");--> statement-breakpoint
CREATE INDEX "wechat_member_cards_pay_rule_idx" ON "wechat_member_cards" USING btree ("tenant_id","pay_rule_id");--> statement-breakpoint
CREATE UNIQUE INDEX "stores_meituan_shop_id_uq" ON "stores" USING btree ("tenant_id","meituan_shop_id");