CREATE TABLE "points_monthly" (
	"tenant_id" bigint NOT NULL,
	"day" date NOT NULL,
	"store_id" bigint,
	"kind" text NOT NULL,
	"source_type" text NOT NULL,
	"channel" text,
	"entries" bigint NOT NULL,
	"delta" bigint NOT NULL,
	"delta_in" bigint NOT NULL,
	"folded" boolean DEFAULT false NOT NULL
);
--> statement-breakpoint
CREATE TABLE "value_monthly" (
	"tenant_id" bigint NOT NULL,
	"day" date NOT NULL,
	"store_id" bigint,
	"holder_kind" text NOT NULL,
	"card_type" text,
	"card_template" bigint,
	"kind" text NOT NULL,
	"source_type" text NOT NULL,
	"channel" text,
	"entries" bigint NOT NULL,
	"principal_delta" numeric(16, 2) NOT NULL,
	"gift_delta" numeric(16, 2) NOT NULL,
	"folded" boolean DEFAULT false NOT NULL
);
--> statement-breakpoint
CREATE INDEX "points_monthly_day_idx" ON "points_monthly" USING btree ("tenant_id","day","store_id","kind","source_type","channel","entries","delta","delta_in");--> statement-breakpoint
CREATE INDEX "points_monthly_unfolded_idx" ON "points_monthly" USING btree ("tenant_id","day") WHERE not "points_monthly"."folded";--> statement-breakpoint
CREATE INDEX "value_monthly_day_idx" ON "value_monthly" USING btree ("tenant_id","day","store_id","holder_kind","card_type","card_template","kind","source_type","channel","entries","principal_delta","gift_delta");--> statement-breakpoint
CREATE INDEX "value_monthly_unfolded_idx" ON "value_monthly" USING btree ("tenant_id","day") WHERE not "value_monthly"."folded";--> statement-breakpoint
-- ---- Hand-written below (the tables and indexes above are drizzle's) ----
-- The points and value ledgers' totals per month beside their days (server/modules/reports/README.md),
-- as members_monthly (0076_members-monthly): the row functions of 0071_daily-rows-plpgsql add the
-- month's row (day: the month's first) in the same trigger, the fold and the recompute of
-- 0049_daily-totals take the months in (the recompute builds them from the days). The roll-forwards
-- (server/modules/ledger/roll-forward.source.ts) read every month of a book from them.
CREATE OR REPLACE FUNCTION points_daily_row(e points_entries, sign integer) RETURNS void LANGUAGE plpgsql AS $$
DECLARE
  d date := (e.occurred_at AT TIME ZONE 'Asia/Shanghai')::date;
BEGIN
  INSERT INTO points_daily (tenant_id, day, store_id, kind, source_type, channel, entries, delta, delta_in)
  VALUES (e.tenant_id, d, e.store_id, e.kind, e.source_type, e.channel, sign, sign * e.delta, sign * greatest(e.delta, 0));
  INSERT INTO points_monthly (tenant_id, day, store_id, kind, source_type, channel, entries, delta, delta_in)
  VALUES (e.tenant_id, d - (date_part('day', d)::integer - 1), e.store_id, e.kind, e.source_type, e.channel, sign, sign * e.delta,
    sign * greatest(e.delta, 0));
END;
$$;--> statement-breakpoint
CREATE OR REPLACE FUNCTION value_daily_row(e value_entries, sign integer) RETURNS void LANGUAGE plpgsql AS $$
DECLARE
  d date := (e.occurred_at AT TIME ZONE 'Asia/Shanghai')::date;
  c_type text;
  c_template bigint;
BEGIN
  IF e.card_id IS NOT NULL THEN
    SELECT c.card_type, c.template INTO c_type, c_template FROM prepay_cards c WHERE c.tenant_id = e.tenant_id AND c.id = e.card_id;
  END IF;
  INSERT INTO value_daily (tenant_id, day, store_id, holder_kind, card_type, card_template, kind, source_type, channel,
    entries, principal_delta, gift_delta)
  VALUES (e.tenant_id, d, e.store_id, e.holder_kind, c_type, c_template, e.kind, e.source_type, e.channel, sign,
    sign * e.principal_delta, sign * e.gift_delta);
  INSERT INTO value_monthly (tenant_id, day, store_id, holder_kind, card_type, card_template, kind, source_type, channel,
    entries, principal_delta, gift_delta)
  VALUES (e.tenant_id, d - (date_part('day', d)::integer - 1), e.store_id, e.holder_kind, c_type, c_template, e.kind,
    e.source_type, e.channel, sign, sign * e.principal_delta, sign * e.gift_delta);
END;
$$;--> statement-breakpoint
-- The fold of 0049_daily-totals, each table through fold_daily_table (0066_report-daily-totals: the same
-- statements), the monthly tables besides.
CREATE OR REPLACE FUNCTION fold_daily_totals() RETURNS bigint LANGUAGE plpgsql AS $$
BEGIN
  IF NOT pg_try_advisory_xact_lock(hashtext('fold_daily_totals')) THEN RETURN 0; END IF;
  RETURN fold_daily_table('points_daily', ARRAY['tenant_id', 'day', 'store_id', 'kind', 'source_type', 'channel'],
      ARRAY['entries', 'delta', 'delta_in'])
    + fold_daily_table('points_monthly', ARRAY['tenant_id', 'day', 'store_id', 'kind', 'source_type', 'channel'],
      ARRAY['entries', 'delta', 'delta_in'])
    + fold_daily_table('value_daily', ARRAY['tenant_id', 'day', 'store_id', 'holder_kind', 'card_type', 'card_template', 'kind',
      'source_type', 'channel'], ARRAY['entries', 'principal_delta', 'gift_delta'])
    + fold_daily_table('value_monthly', ARRAY['tenant_id', 'day', 'store_id', 'holder_kind', 'card_type', 'card_template', 'kind',
      'source_type', 'channel'], ARRAY['entries', 'principal_delta', 'gift_delta']);
END;
$$;--> statement-breakpoint
-- The monthly rows of one tenant (every tenant's, given null) from its daily rows, folded.
CREATE OR REPLACE FUNCTION recompute_ledger_monthly(tenant bigint) RETURNS void LANGUAGE plpgsql AS $$
BEGIN
  DELETE FROM points_monthly WHERE tenant IS NULL OR tenant_id = tenant;
  INSERT INTO points_monthly (tenant_id, day, store_id, kind, source_type, channel, entries, delta, delta_in, folded)
  SELECT tenant_id, day - (date_part('day', day)::integer - 1), store_id, kind, source_type, channel, sum(entries), sum(delta),
    sum(delta_in), true
  FROM points_daily WHERE tenant IS NULL OR tenant_id = tenant GROUP BY 1, 2, 3, 4, 5, 6
  HAVING sum(entries) <> 0 OR sum(delta) <> 0 OR sum(delta_in) <> 0;
  DELETE FROM value_monthly WHERE tenant IS NULL OR tenant_id = tenant;
  INSERT INTO value_monthly (tenant_id, day, store_id, holder_kind, card_type, card_template, kind, source_type, channel,
    entries, principal_delta, gift_delta, folded)
  SELECT tenant_id, day - (date_part('day', day)::integer - 1), store_id, holder_kind, card_type, card_template, kind, source_type,
    channel, sum(entries), sum(principal_delta), sum(gift_delta), true
  FROM value_daily WHERE tenant IS NULL OR tenant_id = tenant GROUP BY 1, 2, 3, 4, 5, 6, 7, 8, 9
  HAVING sum(entries) <> 0 OR sum(principal_delta) <> 0 OR sum(gift_delta) <> 0;
END;
$$;--> statement-breakpoint
-- The recompute of 0049_daily-totals keeps its body under another name (the days from the entries,
-- the ledgers held off), and recompute_daily_totals (npm run reports:recompute) adds the months from
-- the days, in the same transaction.
ALTER FUNCTION recompute_daily_totals(bigint) RENAME TO recompute_ledger_daily;--> statement-breakpoint
CREATE OR REPLACE FUNCTION recompute_daily_totals(tenant bigint) RETURNS void LANGUAGE plpgsql AS $$
BEGIN
  PERFORM recompute_ledger_daily(tenant);
  PERFORM recompute_ledger_monthly(tenant);
END;
$$;--> statement-breakpoint
-- The daily totals' zone (DAILY_TOTALS_ZONE), for the roll-forwards' choice of a merchant's monthly rows
-- over its entries. PARALLEL UNSAFE on purpose: a statement naming it is planned without parallel
-- workers, which cost more than the few thousand monthly rows of a merchant (roll-forward.source.ts).
CREATE OR REPLACE FUNCTION daily_totals_zone() RETURNS text LANGUAGE sql IMMUTABLE PARALLEL UNSAFE AS $$
  SELECT 'Asia/Shanghai'::text;
$$;--> statement-breakpoint
-- Hand SQL: vacuumed after a few percent of new or changed rows, as the other daily tables
-- (0070_daily-covering-index: the reports read them by index-only scans).
ALTER TABLE "points_monthly" SET (autovacuum_vacuum_scale_factor = 0.02, autovacuum_vacuum_insert_scale_factor = 0.02);--> statement-breakpoint
ALTER TABLE "value_monthly" SET (autovacuum_vacuum_scale_factor = 0.02, autovacuum_vacuum_insert_scale_factor = 0.02);--> statement-breakpoint
-- Back-fill: every tenant's months from their days (kept equal to the entries by the triggers), postings held off meanwhile.
LOCK TABLE points_entries, value_entries IN SHARE MODE;--> statement-breakpoint
SELECT recompute_ledger_monthly(NULL);
