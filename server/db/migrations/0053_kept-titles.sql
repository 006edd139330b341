CREATE TABLE "title_versions" (
	"tenant_id" bigint PRIMARY KEY NOT NULL,
	"version" bigint NOT NULL
);
--> statement-breakpoint
-- Hand-written (drizzle-kit cannot produce triggers): each statement that inserts, updates or
-- deletes rows of a table whose names the server keeps in memory (users, and the tables of the
-- resources declaring `titlesKept`: stores, member levels, marketing centres) raises its tenants'
-- counter in the same transaction. A process's copy of a tenant's names is used for rows read
-- at a counter no newer than the copy's (server/crud/kept-titles.ts). One row per tenant, raised
-- once per statement; master data changes rarely, so the row is not a point of contention.
CREATE OR REPLACE FUNCTION raise_title_versions() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO title_versions AS v (tenant_id, version)
    SELECT DISTINCT tenant_id, 1 FROM changed ORDER BY tenant_id
  ON CONFLICT (tenant_id) DO UPDATE SET version = v.version + 1;
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER title_versions_insert AFTER INSERT ON users REFERENCING NEW TABLE AS changed FOR EACH STATEMENT EXECUTE FUNCTION raise_title_versions();
--> statement-breakpoint
CREATE TRIGGER title_versions_update AFTER UPDATE ON users REFERENCING NEW TABLE AS changed FOR EACH STATEMENT EXECUTE FUNCTION raise_title_versions();
--> statement-breakpoint
CREATE TRIGGER title_versions_delete AFTER DELETE ON users REFERENCING OLD TABLE AS changed FOR EACH STATEMENT EXECUTE FUNCTION raise_title_versions();
--> statement-breakpoint
CREATE TRIGGER title_versions_insert AFTER INSERT ON stores REFERENCING NEW TABLE AS changed FOR EACH STATEMENT EXECUTE FUNCTION raise_title_versions();
--> statement-breakpoint
CREATE TRIGGER title_versions_update AFTER UPDATE ON stores REFERENCING NEW TABLE AS changed FOR EACH STATEMENT EXECUTE FUNCTION raise_title_versions();
--> statement-breakpoint
CREATE TRIGGER title_versions_delete AFTER DELETE ON stores REFERENCING OLD TABLE AS changed FOR EACH STATEMENT EXECUTE FUNCTION raise_title_versions();
--> statement-breakpoint
CREATE TRIGGER title_versions_insert AFTER INSERT ON member_levels REFERENCING NEW TABLE AS changed FOR EACH STATEMENT EXECUTE FUNCTION raise_title_versions();
--> statement-breakpoint
CREATE TRIGGER title_versions_update AFTER UPDATE ON member_levels REFERENCING NEW TABLE AS changed FOR EACH STATEMENT EXECUTE FUNCTION raise_title_versions();
--> statement-breakpoint
CREATE TRIGGER title_versions_delete AFTER DELETE ON member_levels REFERENCING OLD TABLE AS changed FOR EACH STATEMENT EXECUTE FUNCTION raise_title_versions();
--> statement-breakpoint
CREATE TRIGGER title_versions_insert AFTER INSERT ON marketing_centers REFERENCING NEW TABLE AS changed FOR EACH STATEMENT EXECUTE FUNCTION raise_title_versions();
--> statement-breakpoint
CREATE TRIGGER title_versions_update AFTER UPDATE ON marketing_centers REFERENCING NEW TABLE AS changed FOR EACH STATEMENT EXECUTE FUNCTION raise_title_versions();
--> statement-breakpoint
CREATE TRIGGER title_versions_delete AFTER DELETE ON marketing_centers REFERENCING OLD TABLE AS changed FOR EACH STATEMENT EXECUTE FUNCTION raise_title_versions();
