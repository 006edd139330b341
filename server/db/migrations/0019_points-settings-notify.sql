-- Hand-written (drizzle-kit cannot produce triggers): a change of a tenant's points settings is
-- announced on the `auth_cache` channel as `settings:<tenant id>` at commit, so every API process
-- drops the copy the sale posting keeps (server/modules/points/sales.service.ts).
CREATE OR REPLACE FUNCTION points_settings_notify() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM pg_notify('auth_cache', 'settings:' || (CASE WHEN TG_OP = 'DELETE' THEN OLD.tenant_id ELSE NEW.tenant_id END));
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER points_settings_changed AFTER INSERT OR UPDATE OR DELETE ON points_settings
  FOR EACH ROW EXECUTE FUNCTION points_settings_notify();
