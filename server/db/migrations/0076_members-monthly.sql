CREATE TABLE "members_monthly" (
	"tenant_id" bigint NOT NULL,
	"day" date NOT NULL,
	"register_store" bigint,
	"marketing_center" bigint,
	"channel" text,
	"profile" text,
	"entries" bigint NOT NULL,
	"in_use_entries" bigint DEFAULT 0 NOT NULL,
	"invited_entries" bigint DEFAULT 0 NOT NULL,
	"folded" boolean DEFAULT false NOT NULL
);
--> statement-breakpoint
CREATE INDEX "members_monthly_day_idx" ON "members_monthly" USING btree ("tenant_id","day","register_store","marketing_center","channel","profile","entries","in_use_entries","invited_entries");--> statement-breakpoint
CREATE INDEX "members_monthly_unfolded_idx" ON "members_monthly" USING btree ("tenant_id","day") WHERE not "members_monthly"."folded";--> statement-breakpoint
-- ---- Hand-written below (the table and indexes above are drizzle's) ----
-- Members by registration month beside the days (server/modules/reports/README.md): a range's whole
-- months read members_monthly, its partial months members_daily (query-view.source.ts `rows.monthly`),
-- as paid_level_monthly does in 0074_member-days. The row function of 0071_daily-rows-plpgsql adds the
-- month's row (day: the month's first) in the same trigger, the fold and the recompute of
-- 0066_report-daily-totals take the months in (the recompute builds them from the days).
CREATE OR REPLACE FUNCTION members_daily_row(m members, sign integer) RETURNS void LANGUAGE plpgsql AS $$
DECLARE
  d date := (m.registered_at AT TIME ZONE 'Asia/Shanghai')::date;
  in_use integer := CASE WHEN lower(m.state) = 'using' THEN sign ELSE 0 END;
  invited integer := CASE WHEN m.invited_by IS NOT NULL THEN sign ELSE 0 END;
BEGIN
  INSERT INTO members_daily (tenant_id, day, register_store, marketing_center, channel, profile, entries, in_use_entries,
    invited_entries)
  VALUES (m.tenant_id, d, m.register_store, m.marketing_center, m.channel, m.profile, sign, in_use, invited);
  INSERT INTO members_monthly (tenant_id, day, register_store, marketing_center, channel, profile, entries, in_use_entries,
    invited_entries)
  VALUES (m.tenant_id, date_trunc('month', d)::date, m.register_store, m.marketing_center, m.channel, m.profile, sign, in_use,
    invited);
  INSERT INTO member_counts (tenant_id, marketing_center, state, level, entries)
  VALUES (m.tenant_id, m.marketing_center, m.state, m.level, sign);
END;
$$;--> statement-breakpoint
CREATE OR REPLACE FUNCTION fold_members_daily() RETURNS bigint LANGUAGE plpgsql AS $$
BEGIN
  IF NOT pg_try_advisory_xact_lock(hashtext('fold_members_daily')) THEN RETURN 0; END IF;
  RETURN fold_daily_table('members_daily', ARRAY['tenant_id', 'day', 'register_store', 'marketing_center', 'channel', 'profile'],
      ARRAY['entries', 'in_use_entries', 'invited_entries'])
    + fold_daily_table('members_monthly', ARRAY['tenant_id', 'day', 'register_store', 'marketing_center', 'channel', 'profile'],
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
  DELETE FROM members_monthly WHERE tenant IS NULL OR tenant_id = tenant;
  INSERT INTO members_monthly (tenant_id, day, register_store, marketing_center, channel, profile, entries, in_use_entries,
    invited_entries, folded)
  SELECT tenant_id, date_trunc('month', day)::date, register_store, marketing_center, channel, profile, sum(entries),
    sum(in_use_entries), sum(invited_entries), true
  FROM members_daily WHERE tenant IS NULL OR tenant_id = tenant GROUP BY 1, 2, 3, 4, 5, 6;
  DELETE FROM member_counts WHERE tenant IS NULL OR tenant_id = tenant;
  INSERT INTO member_counts (tenant_id, marketing_center, state, level, entries, folded)
  SELECT tenant_id, marketing_center, state, level, count(*), true
  FROM members WHERE tenant IS NULL OR tenant_id = tenant GROUP BY 1, 2, 3, 4;
END;
$$;--> statement-breakpoint
-- Hand SQL: vacuumed after a few percent of new or changed rows, as the other daily tables
-- (0070_daily-covering-index: the reports read them by index-only scans).
ALTER TABLE "members_monthly" SET (autovacuum_vacuum_scale_factor = 0.02, autovacuum_vacuum_insert_scale_factor = 0.02);--> statement-breakpoint
-- Back-fill: the months of every tenant from their days (kept equal to the members by the trigger),
-- members held off meanwhile. Not recompute_members_daily(NULL), which would rewrite every day row
-- too: the reports' index-only scans of members_daily would then visit each row's page until vacuum
-- (measured on the bench's million members: 56,773 heap fetches for a year's 36,786 rows).
LOCK TABLE members IN SHARE MODE;--> statement-breakpoint
INSERT INTO members_monthly (tenant_id, day, register_store, marketing_center, channel, profile, entries, in_use_entries,
  invited_entries, folded)
SELECT tenant_id, date_trunc('month', day)::date, register_store, marketing_center, channel, profile, sum(entries),
  sum(in_use_entries), sum(invited_entries), true
FROM members_daily GROUP BY 1, 2, 3, 4, 5, 6
HAVING sum(entries) <> 0 OR sum(in_use_entries) <> 0 OR sum(invited_entries) <> 0;
