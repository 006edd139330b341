CREATE TABLE "application_calls" (
	"tenant_id" bigint NOT NULL,
	"id" bigint GENERATED ALWAYS AS IDENTITY (sequence name "application_calls_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"application_id" bigint NOT NULL,
	"key_prefix" text NOT NULL,
	"method" text NOT NULL,
	"operation" text NOT NULL,
	"status" integer NOT NULL,
	"duration_ms" integer NOT NULL,
	"called_at" timestamp with time zone NOT NULL,
	CONSTRAINT "application_calls_tenant_id_id_pk" PRIMARY KEY("tenant_id","id")
);
--> statement-breakpoint
CREATE TABLE "application_keys" (
	"key_hash" text PRIMARY KEY NOT NULL,
	"tenant_id" bigint NOT NULL,
	"application_id" bigint NOT NULL,
	"prefix" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"created_by" bigint NOT NULL,
	"expires_at" timestamp with time zone,
	"revoked_at" timestamp with time zone,
	"revoked_by" bigint
);
--> statement-breakpoint
CREATE TABLE "applications" (
	"tenant_id" bigint NOT NULL,
	"id" bigint GENERATED ALWAYS AS IDENTITY (sequence name "applications_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"version" integer DEFAULT 1 NOT NULL,
	"created_at" timestamp (3) with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp (3) with time zone DEFAULT now() NOT NULL,
	"created_by" bigint,
	"updated_by" bigint,
	"number" text NOT NULL,
	"name" text NOT NULL,
	"kind" text NOT NULL,
	"stores" bigint[],
	"grants" text[] NOT NULL,
	"state" text DEFAULT 'ENABLED' NOT NULL,
	"remark" text,
	CONSTRAINT "applications_tenant_id_id_pk" PRIMARY KEY("tenant_id","id")
);
--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "application_id" bigint;--> statement-breakpoint
CREATE INDEX "application_calls_application_idx" ON "application_calls" USING btree ("tenant_id","application_id","id");--> statement-breakpoint
CREATE INDEX "application_keys_application_idx" ON "application_keys" USING btree ("tenant_id","application_id");--> statement-breakpoint
CREATE UNIQUE INDEX "applications_number_uq" ON "applications" USING btree ("tenant_id","number");--> statement-breakpoint
CREATE INDEX "applications_number_trgm" ON "applications" USING gin ("tenant_id","number" gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "applications_number_prefix" ON "applications" USING btree ("tenant_id","number" text_pattern_ops,"id");--> statement-breakpoint
CREATE UNIQUE INDEX "applications_name_uq" ON "applications" USING btree ("tenant_id","name");--> statement-breakpoint
CREATE INDEX "applications_name_trgm" ON "applications" USING gin ("tenant_id","name" gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "applications_kind_idx" ON "applications" USING btree ("tenant_id","kind","id");--> statement-breakpoint
CREATE INDEX "applications_stores_ref" ON "applications" USING gin ("tenant_id","stores");--> statement-breakpoint
CREATE INDEX "applications_state_idx" ON "applications" USING btree ("tenant_id","state","id");--> statement-breakpoint
CREATE UNIQUE INDEX "users_application_uq" ON "users" USING btree ("tenant_id","application_id");--> statement-breakpoint
-- Hand-written (drizzle-kit cannot produce triggers): the access hook caches an application's key
-- like a session (server/modules/auth/session.cache.ts); revoking or rotating a key, and any change
-- of the application (its grants, stores, state), reach every API process at commit.
CREATE TRIGGER auth_cache_application_keys AFTER UPDATE OF revoked_at, expires_at OR DELETE ON application_keys
  FOR EACH ROW EXECUTE FUNCTION auth_cache_notify_tenant('tenant_id');
--> statement-breakpoint
CREATE TRIGGER auth_cache_applications AFTER UPDATE OR DELETE ON applications
  FOR EACH ROW EXECUTE FUNCTION auth_cache_notify_tenant('tenant_id');
