CREATE TABLE "channel_calls" (
	"tenant_id" bigint NOT NULL,
	"id" bigint GENERATED ALWAYS AS IDENTITY (sequence name "channel_calls_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"channel" text NOT NULL,
	"operation" text NOT NULL,
	"outcome" text NOT NULL,
	"error_code" text,
	"error_message" text,
	"request" jsonb NOT NULL,
	"response" jsonb,
	"user_id" bigint,
	"duration_ms" integer NOT NULL,
	"called_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "channel_calls_tenant_id_id_pk" PRIMARY KEY("tenant_id","id"),
	CONSTRAINT "channel_calls_outcome_check" CHECK ("channel_calls"."outcome" in ('OK', 'FAILED', 'REFUSED', 'NOT_CONNECTED'))
);
--> statement-breakpoint
CREATE TABLE "channel_tokens" (
	"tenant_id" bigint NOT NULL,
	"channel" text NOT NULL,
	"issued_for" text NOT NULL,
	"token" text NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"refreshed_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "channel_tokens_tenant_id_channel_pk" PRIMARY KEY("tenant_id","channel")
);
--> statement-breakpoint
CREATE TABLE "alipay_channels" (
	"tenant_id" bigint NOT NULL,
	"id" bigint GENERATED ALWAYS AS IDENTITY (sequence name "alipay_channels_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"version" integer DEFAULT 1 NOT NULL,
	"created_at" timestamp (3) with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp (3) with time zone DEFAULT now() NOT NULL,
	"created_by" bigint,
	"updated_by" bigint,
	"app_id" text,
	"app_private_key" text,
	"alipay_public_key" text,
	"gateway_url" text DEFAULT 'https://openapi.alipay.com/gateway.do' NOT NULL,
	CONSTRAINT "alipay_channels_tenant_id_id_pk" PRIMARY KEY("tenant_id","id")
);
--> statement-breakpoint
CREATE TABLE "meituan_channels" (
	"tenant_id" bigint NOT NULL,
	"id" bigint GENERATED ALWAYS AS IDENTITY (sequence name "meituan_channels_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"version" integer DEFAULT 1 NOT NULL,
	"created_at" timestamp (3) with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp (3) with time zone DEFAULT now() NOT NULL,
	"created_by" bigint,
	"updated_by" bigint,
	"app_key" text,
	"app_secret" text,
	"session" text,
	"api_base_url" text DEFAULT 'https://openapi.dianping.com' NOT NULL,
	CONSTRAINT "meituan_channels_tenant_id_id_pk" PRIMARY KEY("tenant_id","id")
);
--> statement-breakpoint
CREATE TABLE "sms_channels" (
	"tenant_id" bigint NOT NULL,
	"id" bigint GENERATED ALWAYS AS IDENTITY (sequence name "sms_channels_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"version" integer DEFAULT 1 NOT NULL,
	"created_at" timestamp (3) with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp (3) with time zone DEFAULT now() NOT NULL,
	"created_by" bigint,
	"updated_by" bigint,
	"access_key_id" text,
	"access_key_secret" text,
	"sign_name" text,
	"endpoint" text DEFAULT 'https://dysmsapi.aliyuncs.com' NOT NULL,
	"quiet_from_hour" integer DEFAULT 21 NOT NULL,
	"quiet_to_hour" integer DEFAULT 8 NOT NULL,
	CONSTRAINT "sms_channels_tenant_id_id_pk" PRIMARY KEY("tenant_id","id")
);
--> statement-breakpoint
CREATE TABLE "wechat_channels" (
	"tenant_id" bigint NOT NULL,
	"id" bigint GENERATED ALWAYS AS IDENTITY (sequence name "wechat_channels_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"version" integer DEFAULT 1 NOT NULL,
	"created_at" timestamp (3) with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp (3) with time zone DEFAULT now() NOT NULL,
	"created_by" bigint,
	"updated_by" bigint,
	"app_id" text,
	"app_secret" text,
	"api_base_url" text DEFAULT 'https://api.weixin.qq.com' NOT NULL,
	CONSTRAINT "wechat_channels_tenant_id_id_pk" PRIMARY KEY("tenant_id","id")
);
--> statement-breakpoint
CREATE INDEX "channel_calls_channel_idx" ON "channel_calls" USING btree ("tenant_id","channel","id");--> statement-breakpoint
CREATE UNIQUE INDEX "alipay_channels_singleton_uq" ON "alipay_channels" USING btree ("tenant_id");--> statement-breakpoint
CREATE UNIQUE INDEX "meituan_channels_singleton_uq" ON "meituan_channels" USING btree ("tenant_id");--> statement-breakpoint
CREATE UNIQUE INDEX "sms_channels_singleton_uq" ON "sms_channels" USING btree ("tenant_id");--> statement-breakpoint
CREATE UNIQUE INDEX "wechat_channels_singleton_uq" ON "wechat_channels" USING btree ("tenant_id");