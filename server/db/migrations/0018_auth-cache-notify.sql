-- Hand-written (drizzle-kit cannot produce triggers): every change to what the access hook
-- caches (server/modules/auth/session.cache.ts) is announced on the `auth_cache` channel at
-- commit, so every API process on this database drops its copy. `s:<token hash>` names one
-- session, `t:<tenant id>` every session of a tenant.
CREATE OR REPLACE FUNCTION auth_cache_notify_session() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM pg_notify('auth_cache', 's:' || (CASE WHEN TG_OP = 'DELETE' THEN OLD.token_hash ELSE NEW.token_hash END));
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE OR REPLACE FUNCTION auth_cache_notify_tenant() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM pg_notify('auth_cache', 't:' || (CASE WHEN TG_OP = 'DELETE' THEN to_jsonb(OLD) ELSE to_jsonb(NEW) END ->> TG_ARGV[0]));
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER auth_cache_sessions AFTER UPDATE OF revoked_at, expires_at, last_seen_at, password_reset_only OR DELETE ON sessions
  FOR EACH ROW EXECUTE FUNCTION auth_cache_notify_session();
--> statement-breakpoint
CREATE TRIGGER auth_cache_users AFTER UPDATE OR DELETE ON users
  FOR EACH ROW EXECUTE FUNCTION auth_cache_notify_tenant('tenant_id');
--> statement-breakpoint
CREATE TRIGGER auth_cache_user_roles AFTER INSERT OR UPDATE OR DELETE ON user_roles
  FOR EACH ROW EXECUTE FUNCTION auth_cache_notify_tenant('tenant_id');
--> statement-breakpoint
CREATE TRIGGER auth_cache_role_permissions AFTER INSERT OR UPDATE OR DELETE ON role_permissions
  FOR EACH ROW EXECUTE FUNCTION auth_cache_notify_tenant('tenant_id');
--> statement-breakpoint
CREATE TRIGGER auth_cache_tenants AFTER UPDATE OR DELETE ON tenants
  FOR EACH ROW EXECUTE FUNCTION auth_cache_notify_tenant('id');
