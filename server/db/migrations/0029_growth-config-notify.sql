-- Hand-written (drizzle-kit cannot produce triggers): a change of what a sale's growth step reads
-- (spending rules, growth settings, the evaluation rule, the levels, the tenant's time zone) is
-- announced on the `auth_cache` channel as `growth:<tenant id>` at commit, so every API process
-- drops the copy it keeps (server/modules/levels/growth-config.ts). PostgreSQL folds equal
-- notices of one transaction into one.
CREATE OR REPLACE FUNCTION growth_config_notify() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM pg_notify('auth_cache', 'growth:' || (CASE WHEN TG_OP = 'DELETE' THEN OLD.tenant_id ELSE NEW.tenant_id END));
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER grow_value_rules_changed AFTER INSERT OR UPDATE OR DELETE ON grow_value_rules
  FOR EACH ROW EXECUTE FUNCTION growth_config_notify();
--> statement-breakpoint
CREATE TRIGGER grow_value_settings_changed AFTER INSERT OR UPDATE OR DELETE ON grow_value_settings
  FOR EACH ROW EXECUTE FUNCTION growth_config_notify();
--> statement-breakpoint
CREATE TRIGGER level_valuate_rules_changed AFTER INSERT OR UPDATE OR DELETE ON level_valuate_rules
  FOR EACH ROW EXECUTE FUNCTION growth_config_notify();
--> statement-breakpoint
CREATE TRIGGER member_levels_changed AFTER INSERT OR UPDATE OR DELETE ON member_levels
  FOR EACH ROW EXECUTE FUNCTION growth_config_notify();
--> statement-breakpoint
CREATE OR REPLACE FUNCTION tenant_zone_notify() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM pg_notify('auth_cache', 'growth:' || NEW.id);
  PERFORM pg_notify('auth_cache', 'activities:' || NEW.id);
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER tenants_zone_changed AFTER UPDATE OF time_zone ON tenants
  FOR EACH ROW WHEN (OLD.time_zone IS DISTINCT FROM NEW.time_zone) EXECUTE FUNCTION tenant_zone_notify();
