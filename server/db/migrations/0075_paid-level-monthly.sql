CREATE TABLE "paid_level_monthly" (
	"tenant_id" bigint NOT NULL,
	"day" date NOT NULL,
	"level" bigint NOT NULL,
	"store" bigint,
	"pay_channel" text NOT NULL,
	"state" text NOT NULL,
	"entries" bigint NOT NULL,
	"amount" numeric(16, 2) NOT NULL,
	"term_months" bigint NOT NULL,
	"member_days_all" bigint NOT NULL,
	"member_days_store" bigint NOT NULL,
	"member_days_level" bigint NOT NULL,
	"member_days_channel" bigint NOT NULL,
	"folded" boolean DEFAULT false NOT NULL
);
--> statement-breakpoint
CREATE INDEX "paid_level_monthly_day_idx" ON "paid_level_monthly" USING btree ("tenant_id","day","level","store","pay_channel","state","entries","amount","term_months","member_days_all","member_days_store","member_days_level","member_days_channel");--> statement-breakpoint
CREATE INDEX "paid_level_monthly_unfolded_idx" ON "paid_level_monthly" USING btree ("tenant_id","day") WHERE not "paid_level_monthly"."folded";--> statement-breakpoint
-- ---- Hand-written below (the table and indexes above are drizzle's) ----
-- The paid level orders' sums per month beside those per day (server/modules/reports/README.md): the
-- row function of 0074_member-days adds each order's row to both; the fold folds both; the rebuild
-- sums the month's days.
CREATE OR REPLACE FUNCTION paid_level_daily_row(o paid_level_orders, sign integer, days boolean) RETURNS void LANGUAGE plpgsql AS $$
DECLARE
  d date := (o.paid_at AT TIME ZONE 'Asia/Shanghai')::date;
  per_all integer := 0;
  per_store integer := 0;
  per_level integer := 0;
  per_channel integer := 0;
BEGIN
  IF days THEN
    PERFORM member_days_lock(o.tenant_id, o.member_id);
    per_all := member_days_note(o.tenant_id, 'paid_level', 'all', '', o.member_id, d, sign);
    per_store := member_days_note(o.tenant_id, 'paid_level', 'store', coalesce(o.store::text, ''), o.member_id, d, sign);
    per_level := member_days_note(o.tenant_id, 'paid_level', 'level', o.level::text, o.member_id, d, sign);
    per_channel := member_days_note(o.tenant_id, 'paid_level', 'channel', o.pay_channel, o.member_id, d, sign);
  END IF;
  INSERT INTO paid_level_daily (tenant_id, day, level, store, pay_channel, state, entries, amount, term_months, member_days_all,
    member_days_store, member_days_level, member_days_channel)
  VALUES (o.tenant_id, d, o.level, o.store, o.pay_channel, o.state, sign, sign * o.amount, sign * coalesce(o.term_months, 0), per_all,
    per_store, per_level, per_channel);
  INSERT INTO paid_level_monthly (tenant_id, day, level, store, pay_channel, state, entries, amount, term_months, member_days_all,
    member_days_store, member_days_level, member_days_channel)
  VALUES (o.tenant_id, date_trunc('month', d)::date, o.level, o.store, o.pay_channel, o.state, sign, sign * o.amount,
    sign * coalesce(o.term_months, 0), per_all, per_store, per_level, per_channel);
END;
$$;--> statement-breakpoint
CREATE OR REPLACE FUNCTION recompute_paid_level_monthly(tenant bigint) RETURNS void LANGUAGE plpgsql AS $$
BEGIN
  LOCK TABLE paid_level_orders IN SHARE MODE;
  DELETE FROM paid_level_monthly WHERE tenant IS NULL OR tenant_id = tenant;
  INSERT INTO paid_level_monthly (tenant_id, day, level, store, pay_channel, state, entries, amount, term_months, member_days_all,
    member_days_store, member_days_level, member_days_channel, folded)
  SELECT tenant_id, date_trunc('month', day)::date, level, store, pay_channel, state, sum(entries), sum(amount), sum(term_months),
    sum(member_days_all), sum(member_days_store), sum(member_days_level), sum(member_days_channel), true
  FROM paid_level_daily WHERE tenant IS NULL OR tenant_id = tenant
  GROUP BY 1, 2, 3, 4, 5, 6;
END;
$$;--> statement-breakpoint
CREATE OR REPLACE FUNCTION fold_report_daily() RETURNS bigint LANGUAGE plpgsql AS $$
BEGIN
  IF NOT pg_try_advisory_xact_lock(hashtext('fold_report_daily')) THEN RETURN 0; END IF;
  RETURN fold_daily_table('coupon_daily', ARRAY['tenant_id', 'day', 'event', 'template', 'source', 'store_id'],
      ARRAY['entries', 'face_value', 'discount'])
    + fold_daily_table('fuel_daily', ARRAY['tenant_id', 'day', 'store_id', 'grade', 'buyer'],
      ARRAY['entries', 'litres', 'amount', 'discount', 'returned', 'points', 'sales', 'sales_lead'])
    + fold_daily_table('member_sales_daily', ARRAY['tenant_id', 'day', 'store_id'],
      ARRAY['entries', 'amount', 'returned_amount', 'points', 'member_days', 'member_days_all'])
    + fold_daily_table('paid_level_daily', ARRAY['tenant_id', 'day', 'level', 'store', 'pay_channel', 'state'],
      ARRAY['entries', 'amount', 'term_months', 'member_days_all', 'member_days_store', 'member_days_level', 'member_days_channel'])
    + fold_daily_table('paid_level_monthly', ARRAY['tenant_id', 'day', 'level', 'store', 'pay_channel', 'state'],
      ARRAY['entries', 'amount', 'term_months', 'member_days_all', 'member_days_store', 'member_days_level', 'member_days_channel'])
    + fold_daily_table('member_day_repeats', ARRAY['tenant_id', 'source', 'grain', 'key', 'day', 'prev_day'], ARRAY['entries']);
END;
$$;--> statement-breakpoint
CREATE OR REPLACE FUNCTION recompute_report_daily(tenant bigint) RETURNS void LANGUAGE plpgsql AS $$
BEGIN
  LOCK TABLE coupons, sales_transactions, paid_level_orders IN SHARE MODE;
  DELETE FROM coupon_daily WHERE tenant IS NULL OR tenant_id = tenant;
  INSERT INTO coupon_daily (tenant_id, day, event, template, source, store_id, entries, face_value, discount, folded)
  SELECT e.tenant_id, e.day, e.event, e.template, e.source, e.store_id, count(*), sum(e.face_value), sum(e.discount), true
  FROM (
    SELECT c.tenant_id, c.template, c.source, r.day, r.event, r.store_id, r.face_value, r.discount
    FROM coupons c CROSS JOIN LATERAL coupon_daily_of(c) r WHERE tenant IS NULL OR c.tenant_id = tenant OFFSET 0
  ) e GROUP BY e.tenant_id, e.day, e.event, e.template, e.source, e.store_id;
  PERFORM recompute_fuel_daily(tenant);
  PERFORM recompute_member_days(tenant);
  PERFORM recompute_paid_level_monthly(tenant);
END;
$$;--> statement-breakpoint
ALTER TABLE "paid_level_monthly" SET (autovacuum_vacuum_scale_factor = 0.02, autovacuum_vacuum_insert_scale_factor = 0.02);--> statement-breakpoint
SELECT recompute_paid_level_monthly(NULL);
