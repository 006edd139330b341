CREATE TABLE "audience_changed_members" (
	"tenant_id" bigint NOT NULL,
	"member_id" bigint NOT NULL,
	"changed_at" timestamp (3) with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "audience_changed_members_tenant_id_member_id_pk" PRIMARY KEY("tenant_id","member_id")
);
--> statement-breakpoint
-- Hand-written (drizzle-kit cannot produce triggers): a change to what a system tag's rule reads
-- marks its member in audience_changed_members, in the changing transaction, for merchants that
-- have a system tag (one index lookup per statement otherwise). server/modules/audiences/
-- audience.changed.ts re-evaluates the tags for the marked members and removes the marks.
CREATE OR REPLACE FUNCTION mark_audience_changed_by_member_id() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO audience_changed_members (tenant_id, member_id)
    SELECT DISTINCT c.tenant_id, c.member_id FROM changed c
    WHERE c.member_id IS NOT NULL
      AND EXISTS (SELECT 1 FROM member_tags t WHERE t.tenant_id = c.tenant_id AND t.tag_type = 'SYSTEM')
    ORDER BY 1, 2
  ON CONFLICT DO NOTHING;
  RETURN NULL;
END $$;
--> statement-breakpoint
-- A tag a person, a file or the API put on or took off (a rule may test it); the links a rule
-- writes itself mark nothing, so a recomputation never feeds itself.
CREATE OR REPLACE FUNCTION mark_audience_changed_by_link() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO audience_changed_members (tenant_id, member_id)
    SELECT DISTINCT c.tenant_id, c.member FROM changed c
    WHERE c.source <> 'RULE'
      AND EXISTS (SELECT 1 FROM member_tags t WHERE t.tenant_id = c.tenant_id AND t.tag_type = 'SYSTEM')
    ORDER BY 1, 2
  ON CONFLICT DO NOTHING;
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE OR REPLACE FUNCTION mark_audience_changed_member() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF EXISTS (SELECT 1 FROM member_tags t WHERE t.tenant_id = NEW.tenant_id AND t.tag_type = 'SYSTEM') THEN
    INSERT INTO audience_changed_members (tenant_id, member_id) VALUES (NEW.tenant_id, NEW.id) ON CONFLICT DO NOTHING;
  END IF;
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER audience_changed_insert AFTER INSERT ON sales_transactions REFERENCING NEW TABLE AS changed FOR EACH STATEMENT EXECUTE FUNCTION mark_audience_changed_by_member_id();
--> statement-breakpoint
CREATE TRIGGER audience_changed_update AFTER UPDATE ON sales_transactions REFERENCING NEW TABLE AS changed FOR EACH STATEMENT EXECUTE FUNCTION mark_audience_changed_by_member_id();
--> statement-breakpoint
CREATE TRIGGER audience_changed_insert AFTER INSERT ON points_accounts REFERENCING NEW TABLE AS changed FOR EACH STATEMENT EXECUTE FUNCTION mark_audience_changed_by_member_id();
--> statement-breakpoint
CREATE TRIGGER audience_changed_update AFTER UPDATE ON points_accounts REFERENCING NEW TABLE AS changed FOR EACH STATEMENT EXECUTE FUNCTION mark_audience_changed_by_member_id();
--> statement-breakpoint
CREATE TRIGGER audience_changed_insert AFTER INSERT ON member_tag_links REFERENCING NEW TABLE AS changed FOR EACH STATEMENT EXECUTE FUNCTION mark_audience_changed_by_link();
--> statement-breakpoint
CREATE TRIGGER audience_changed_delete AFTER DELETE ON member_tag_links REFERENCING OLD TABLE AS changed FOR EACH STATEMENT EXECUTE FUNCTION mark_audience_changed_by_link();
--> statement-breakpoint
CREATE TRIGGER audience_changed_update AFTER UPDATE OF level, state, channel, birthday, register_store ON members FOR EACH ROW
  WHEN (OLD.level IS DISTINCT FROM NEW.level OR OLD.state IS DISTINCT FROM NEW.state OR OLD.channel IS DISTINCT FROM NEW.channel
    OR OLD.birthday IS DISTINCT FROM NEW.birthday OR OLD.register_store IS DISTINCT FROM NEW.register_store)
  EXECUTE FUNCTION mark_audience_changed_member();
