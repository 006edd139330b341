ALTER TABLE "members" ADD COLUMN "invited_by" bigint;--> statement-breakpoint
CREATE INDEX "members_invited_by_idx" ON "members" USING btree ("tenant_id","invited_by","id");