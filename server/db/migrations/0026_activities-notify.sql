-- Hand-written (drizzle-kit cannot produce triggers): a change of a tenant's activities is
-- announced on the `auth_cache` channel as `activities:<tenant id>` at commit, so every API
-- process drops the active set it keeps (server/modules/activities/engine/active-set.ts).
-- One notice per statement and tenant would do; per row is simplest and PostgreSQL folds equal
-- notices of one transaction into one.
CREATE OR REPLACE FUNCTION activities_notify() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM pg_notify('auth_cache', 'activities:' || (CASE WHEN TG_OP = 'DELETE' THEN OLD.tenant_id ELSE NEW.tenant_id END));
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER activities_changed AFTER INSERT OR UPDATE OR DELETE ON activities
  FOR EACH ROW EXECUTE FUNCTION activities_notify();
