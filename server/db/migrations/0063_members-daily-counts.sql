ALTER TABLE "members_daily" ADD COLUMN "in_use_entries" bigint DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "members_daily" ADD COLUMN "invited_entries" bigint DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "members_daily" DROP COLUMN "in_use";--> statement-breakpoint
ALTER TABLE "members_daily" DROP COLUMN "invited";--> statement-breakpoint
-- ---- Hand-written below (the column changes above are drizzle's) ----
-- Members by registration day keyed by store, centre, channel and profile only; how many are in use
-- and how many were invited are counted on the row (server/modules/reports/README.md): a year of
-- growth is four times fewer rows. The trigger, the fold and the recompute of 0050_members-daily,
-- with the two counts.
CREATE OR REPLACE FUNCTION members_daily_row(m members, sign int) RETURNS void LANGUAGE sql AS $$
  INSERT INTO members_daily (tenant_id, day, register_store, marketing_center, channel, profile, entries, in_use_entries,
    invited_entries)
  VALUES (m.tenant_id, (m.registered_at AT TIME ZONE 'Asia/Shanghai')::date, m.register_store, m.marketing_center, m.channel,
    m.profile, sign, CASE WHEN lower(m.state) = 'using' THEN sign ELSE 0 END, CASE WHEN m.invited_by IS NOT NULL THEN sign ELSE 0 END);
  INSERT INTO member_counts (tenant_id, marketing_center, state, level, entries)
  VALUES (m.tenant_id, m.marketing_center, m.state, m.level, sign);
$$;--> statement-breakpoint
CREATE OR REPLACE FUNCTION fold_members_daily() RETURNS bigint LANGUAGE plpgsql AS $$
BEGIN
  IF NOT pg_try_advisory_xact_lock(hashtext('fold_members_daily')) THEN RETURN 0; END IF;
  RETURN fold_daily_table('members_daily', ARRAY['tenant_id', 'day', 'register_store', 'marketing_center', 'channel', 'profile'],
      ARRAY['entries', 'in_use_entries', 'invited_entries'])
    + fold_daily_table('member_counts', ARRAY['tenant_id', 'marketing_center', 'state', 'level'], ARRAY['entries']);
END;
$$;--> statement-breakpoint
CREATE OR REPLACE FUNCTION recompute_members_daily(tenant bigint) RETURNS void LANGUAGE plpgsql AS $$
BEGIN
  LOCK TABLE members IN SHARE MODE;
  DELETE FROM members_daily WHERE tenant IS NULL OR tenant_id = tenant;
  INSERT INTO members_daily (tenant_id, day, register_store, marketing_center, channel, profile, entries, in_use_entries,
    invited_entries, folded)
  SELECT tenant_id, (registered_at AT TIME ZONE 'Asia/Shanghai')::date, register_store, marketing_center, channel, profile,
    count(*), count(*) FILTER (WHERE lower(state) = 'using'), count(*) FILTER (WHERE invited_by IS NOT NULL), true
  FROM members WHERE tenant IS NULL OR tenant_id = tenant GROUP BY 1, 2, 3, 4, 5, 6;
  DELETE FROM member_counts WHERE tenant IS NULL OR tenant_id = tenant;
  INSERT INTO member_counts (tenant_id, marketing_center, state, level, entries, folded)
  SELECT tenant_id, marketing_center, state, level, count(*), true
  FROM members WHERE tenant IS NULL OR tenant_id = tenant GROUP BY 1, 2, 3, 4;
END;
$$;--> statement-breakpoint
SELECT recompute_members_daily(NULL);
