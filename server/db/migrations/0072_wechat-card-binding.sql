CREATE TABLE "wechat_bind_codes" (
	"tenant_id" bigint NOT NULL,
	"id" bigint GENERATED ALWAYS AS IDENTITY (sequence name "wechat_bind_codes_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"card_code" text NOT NULL,
	"mobile" text NOT NULL,
	"code_hash" text NOT NULL,
	"sent_at" timestamp with time zone DEFAULT now() NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"tries" integer DEFAULT 0 NOT NULL,
	"used_at" timestamp with time zone,
	CONSTRAINT "wechat_bind_codes_tenant_id_id_pk" PRIMARY KEY("tenant_id","id")
);
--> statement-breakpoint
ALTER TABLE "wechat_channels" ADD COLUMN "bind_sms_template" text;--> statement-breakpoint
CREATE INDEX "wechat_bind_codes_card_idx" ON "wechat_bind_codes" USING btree ("tenant_id","card_code","id");