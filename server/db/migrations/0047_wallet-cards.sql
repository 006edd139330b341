CREATE TABLE "member_cards" (
	"tenant_id" bigint NOT NULL,
	"id" bigint GENERATED ALWAYS AS IDENTITY (sequence name "member_cards_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"version" integer DEFAULT 1 NOT NULL,
	"created_at" timestamp (3) with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp (3) with time zone DEFAULT now() NOT NULL,
	"created_by" bigint,
	"updated_by" bigint,
	"brand_name" text NOT NULL,
	"title" text NOT NULL,
	"logo" text,
	"colour" text DEFAULT 'Color010' NOT NULL,
	"background" text,
	"notice" text NOT NULL,
	"description" text,
	"prerogative" text NOT NULL,
	"wechat_cells" text[] DEFAULT '{"LEVEL","POINTS"}',
	"alipay_columns" text[] DEFAULT '{"POINTS","LEVEL"}',
	"alipay_buttons" jsonb,
	"number_prefix" text,
	"code_mode" text DEFAULT 'QRCODE' NOT NULL,
	"activation_mode" text DEFAULT 'ONE_CLICK' NOT NULL,
	"activation_url" text,
	"open_form" text[] DEFAULT '{"MOBILE","NAME"}',
	"wechat_card_id" text,
	"alipay_template_id" text,
	CONSTRAINT "member_cards_tenant_id_id_pk" PRIMARY KEY("tenant_id","id")
);
--> statement-breakpoint
CREATE TABLE "member_channel_identities" (
	"tenant_id" bigint NOT NULL,
	"id" bigint GENERATED ALWAYS AS IDENTITY (sequence name "member_channel_identities_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"version" integer DEFAULT 1 NOT NULL,
	"created_at" timestamp (3) with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp (3) with time zone DEFAULT now() NOT NULL,
	"created_by" bigint,
	"updated_by" bigint,
	"member" bigint NOT NULL,
	"channel" text NOT NULL,
	"external_id" text NOT NULL,
	"union_id" text,
	"identity_key" text,
	"member_channel_key" text,
	CONSTRAINT "member_channel_identities_tenant_id_id_pk" PRIMARY KEY("tenant_id","id")
);
--> statement-breakpoint
CREATE UNIQUE INDEX "member_cards_singleton_uq" ON "member_cards" USING btree ("tenant_id");--> statement-breakpoint
CREATE INDEX "member_channel_identities_member_idx" ON "member_channel_identities" USING btree ("tenant_id","member","id");--> statement-breakpoint
CREATE INDEX "member_channel_identities_channel_idx" ON "member_channel_identities" USING btree ("tenant_id","channel","id");--> statement-breakpoint
CREATE INDEX "member_channel_identities_external_id_trgm" ON "member_channel_identities" USING gin ("tenant_id","external_id" gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "member_channel_identities_external_id_prefix" ON "member_channel_identities" USING btree ("tenant_id","external_id" text_pattern_ops,"id");--> statement-breakpoint
CREATE UNIQUE INDEX "member_channel_identities_identity_key_uq" ON "member_channel_identities" USING btree ("tenant_id","identity_key");--> statement-breakpoint
CREATE UNIQUE INDEX "member_channel_identities_member_channel_key_uq" ON "member_channel_identities" USING btree ("tenant_id","member_channel_key");