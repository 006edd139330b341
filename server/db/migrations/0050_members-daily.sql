CREATE TABLE "member_counts" (
	"tenant_id" bigint NOT NULL,
	"marketing_center" bigint,
	"state" text,
	"level" bigint,
	"entries" bigint NOT NULL,
	"folded" boolean DEFAULT false NOT NULL
);
--> statement-breakpoint
CREATE TABLE "members_daily" (
	"tenant_id" bigint NOT NULL,
	"day" date NOT NULL,
	"register_store" bigint,
	"marketing_center" bigint,
	"channel" text,
	"profile" text,
	"in_use" boolean NOT NULL,
	"invited" boolean NOT NULL,
	"entries" bigint NOT NULL,
	"folded" boolean DEFAULT false NOT NULL
);
--> statement-breakpoint
CREATE INDEX "member_counts_tenant_idx" ON "member_counts" USING btree ("tenant_id");--> statement-breakpoint
CREATE INDEX "members_daily_day_idx" ON "members_daily" USING btree ("tenant_id","day");--> statement-breakpoint
CREATE INDEX "members_daily_unfolded_idx" ON "members_daily" USING btree ("tenant_id","day") WHERE not "members_daily"."folded";--> statement-breakpoint
-- Members by registration day, and by centre, state and level (server/modules/reports/README.md),
-- kept like the ledgers' daily totals: a row per member inserted, the old key negated and the new
-- added when a counted field changes, the negation when a member is removed; folded by
-- fold_members_daily().
CREATE OR REPLACE FUNCTION members_daily_row(m members, sign int) RETURNS void LANGUAGE sql AS $$
  INSERT INTO members_daily (tenant_id, day, register_store, marketing_center, channel, profile, in_use, invited, entries)
  VALUES (m.tenant_id, (m.registered_at AT TIME ZONE 'Asia/Shanghai')::date, m.register_store, m.marketing_center, m.channel,
    m.profile, lower(m.state) = 'using', m.invited_by IS NOT NULL, sign);
  INSERT INTO member_counts (tenant_id, marketing_center, state, level, entries)
  VALUES (m.tenant_id, m.marketing_center, m.state, m.level, sign);
$$;--> statement-breakpoint
CREATE OR REPLACE FUNCTION members_daily_follow() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP <> 'INSERT' THEN PERFORM members_daily_row(OLD, -1); END IF;
  IF TG_OP <> 'DELETE' THEN PERFORM members_daily_row(NEW, 1); END IF;
  RETURN NULL;
END;
$$;--> statement-breakpoint
CREATE TRIGGER members_daily_insert AFTER INSERT OR DELETE ON members
  FOR EACH ROW EXECUTE FUNCTION members_daily_follow();--> statement-breakpoint
CREATE TRIGGER members_daily_update AFTER UPDATE OF tenant_id, registered_at, register_store, marketing_center, channel, profile, state,
    level, invited_by ON members
  FOR EACH ROW WHEN ((OLD.tenant_id, OLD.registered_at, OLD.register_store, OLD.marketing_center, OLD.channel, OLD.profile, OLD.state,
      OLD.level, OLD.invited_by IS NOT NULL)
    IS DISTINCT FROM (NEW.tenant_id, NEW.registered_at, NEW.register_store, NEW.marketing_center, NEW.channel, NEW.profile, NEW.state,
      NEW.level, NEW.invited_by IS NOT NULL))
  EXECUTE FUNCTION members_daily_follow();--> statement-breakpoint
CREATE OR REPLACE FUNCTION fold_members_daily() RETURNS bigint LANGUAGE plpgsql AS $$
DECLARE
  daily_read bigint;
  counts_read bigint;
BEGIN
  IF NOT pg_try_advisory_xact_lock(hashtext('fold_members_daily')) THEN RETURN 0; END IF;
  WITH keys AS (
    SELECT DISTINCT tenant_id, day, register_store, marketing_center, channel, profile, in_use, invited
    FROM members_daily WHERE NOT folded
  ), gone AS (
    DELETE FROM members_daily d USING keys k
    WHERE d.tenant_id = k.tenant_id AND d.day = k.day AND d.register_store IS NOT DISTINCT FROM k.register_store
      AND d.marketing_center IS NOT DISTINCT FROM k.marketing_center AND d.channel IS NOT DISTINCT FROM k.channel
      AND d.profile IS NOT DISTINCT FROM k.profile AND d.in_use = k.in_use AND d.invited = k.invited
    RETURNING d.*
  ), folded AS (
    INSERT INTO members_daily (tenant_id, day, register_store, marketing_center, channel, profile, in_use, invited, entries, folded)
    SELECT tenant_id, day, register_store, marketing_center, channel, profile, in_use, invited, sum(entries), true
    FROM gone GROUP BY tenant_id, day, register_store, marketing_center, channel, profile, in_use, invited
    HAVING sum(entries) <> 0
  )
  SELECT count(*) INTO daily_read FROM gone;
  WITH keys AS (
    SELECT DISTINCT tenant_id, marketing_center, state, level FROM member_counts WHERE NOT folded
  ), gone AS (
    DELETE FROM member_counts d USING keys k
    WHERE d.tenant_id = k.tenant_id AND d.marketing_center IS NOT DISTINCT FROM k.marketing_center
      AND d.state IS NOT DISTINCT FROM k.state AND d.level IS NOT DISTINCT FROM k.level
    RETURNING d.*
  ), folded AS (
    INSERT INTO member_counts (tenant_id, marketing_center, state, level, entries, folded)
    SELECT tenant_id, marketing_center, state, level, sum(entries), true
    FROM gone GROUP BY tenant_id, marketing_center, state, level HAVING sum(entries) <> 0
  )
  SELECT count(*) INTO counts_read FROM gone;
  RETURN daily_read + counts_read;
END;
$$;--> statement-breakpoint
CREATE OR REPLACE FUNCTION recompute_members_daily(tenant bigint) RETURNS void LANGUAGE plpgsql AS $$
BEGIN
  LOCK TABLE members IN SHARE MODE;
  DELETE FROM members_daily WHERE tenant IS NULL OR tenant_id = tenant;
  INSERT INTO members_daily (tenant_id, day, register_store, marketing_center, channel, profile, in_use, invited, entries, folded)
  SELECT tenant_id, (registered_at AT TIME ZONE 'Asia/Shanghai')::date, register_store, marketing_center, channel, profile,
    lower(state) = 'using', invited_by IS NOT NULL, count(*), true
  FROM members WHERE tenant IS NULL OR tenant_id = tenant GROUP BY 1, 2, 3, 4, 5, 6, 7, 8;
  DELETE FROM member_counts WHERE tenant IS NULL OR tenant_id = tenant;
  INSERT INTO member_counts (tenant_id, marketing_center, state, level, entries, folded)
  SELECT tenant_id, marketing_center, state, level, count(*), true
  FROM members WHERE tenant IS NULL OR tenant_id = tenant GROUP BY 1, 2, 3, 4;
END;
$$;--> statement-breakpoint
SELECT recompute_members_daily(NULL);
