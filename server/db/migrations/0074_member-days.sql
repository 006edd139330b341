CREATE TABLE "member_day_repeats" (
	"tenant_id" bigint NOT NULL,
	"source" text NOT NULL,
	"grain" text NOT NULL,
	"key" text NOT NULL,
	"day" date NOT NULL,
	"prev_day" date NOT NULL,
	"entries" bigint NOT NULL,
	"folded" boolean DEFAULT false NOT NULL
);
--> statement-breakpoint
CREATE TABLE "member_days" (
	"tenant_id" bigint NOT NULL,
	"source" text NOT NULL,
	"grain" text NOT NULL,
	"key" text NOT NULL,
	"member_id" bigint NOT NULL,
	"day" date NOT NULL,
	"rows" bigint NOT NULL,
	CONSTRAINT "member_days_tenant_id_source_grain_key_member_id_day_pk" PRIMARY KEY("tenant_id","source","grain","key","member_id","day")
);
--> statement-breakpoint
CREATE TABLE "member_sales_daily" (
	"tenant_id" bigint NOT NULL,
	"day" date NOT NULL,
	"store_id" bigint,
	"entries" bigint NOT NULL,
	"amount" numeric(16, 2) NOT NULL,
	"returned_amount" numeric(16, 2) NOT NULL,
	"points" bigint NOT NULL,
	"member_days" bigint NOT NULL,
	"member_days_all" bigint NOT NULL,
	"folded" boolean DEFAULT false NOT NULL
);
--> statement-breakpoint
CREATE TABLE "paid_level_daily" (
	"tenant_id" bigint NOT NULL,
	"day" date NOT NULL,
	"level" bigint NOT NULL,
	"store" bigint,
	"pay_channel" text NOT NULL,
	"entries" bigint NOT NULL,
	"amount" numeric(16, 2) NOT NULL,
	"refunded" numeric(16, 2) NOT NULL,
	"term_months" bigint NOT NULL,
	"member_days_all" bigint NOT NULL,
	"member_days_store" bigint NOT NULL,
	"member_days_level" bigint NOT NULL,
	"member_days_channel" bigint NOT NULL,
	"folded" boolean DEFAULT false NOT NULL
);
--> statement-breakpoint
CREATE TABLE "paid_level_monthly" (
	"tenant_id" bigint NOT NULL,
	"day" date NOT NULL,
	"level" bigint NOT NULL,
	"store" bigint,
	"pay_channel" text NOT NULL,
	"entries" bigint NOT NULL,
	"amount" numeric(16, 2) NOT NULL,
	"refunded" numeric(16, 2) NOT NULL,
	"term_months" bigint NOT NULL,
	"member_days_all" bigint NOT NULL,
	"member_days_store" bigint NOT NULL,
	"member_days_level" bigint NOT NULL,
	"member_days_channel" bigint NOT NULL,
	"folded" boolean DEFAULT false NOT NULL
);
--> statement-breakpoint
CREATE INDEX "member_day_repeats_prev_idx" ON "member_day_repeats" USING btree ("tenant_id","source","grain","key","prev_day","day","entries");--> statement-breakpoint
CREATE INDEX "member_day_repeats_unfolded_idx" ON "member_day_repeats" USING btree ("tenant_id") WHERE not "member_day_repeats"."folded";--> statement-breakpoint
CREATE INDEX "member_sales_daily_day_idx" ON "member_sales_daily" USING btree ("tenant_id","day","store_id","entries","amount","returned_amount","points","member_days","member_days_all");--> statement-breakpoint
CREATE INDEX "member_sales_daily_unfolded_idx" ON "member_sales_daily" USING btree ("tenant_id","day") WHERE not "member_sales_daily"."folded";--> statement-breakpoint
CREATE INDEX "paid_level_daily_day_idx" ON "paid_level_daily" USING btree ("tenant_id","day","level","store","pay_channel","entries","amount","refunded","term_months","member_days_all","member_days_store","member_days_level","member_days_channel");--> statement-breakpoint
CREATE INDEX "paid_level_daily_unfolded_idx" ON "paid_level_daily" USING btree ("tenant_id","day") WHERE not "paid_level_daily"."folded";--> statement-breakpoint
CREATE INDEX "paid_level_monthly_day_idx" ON "paid_level_monthly" USING btree ("tenant_id","day","level","store","pay_channel","entries","amount","refunded","term_months","member_days_all","member_days_store","member_days_level","member_days_channel");--> statement-breakpoint
CREATE INDEX "paid_level_monthly_unfolded_idx" ON "paid_level_monthly" USING btree ("tenant_id","day") WHERE not "paid_level_monthly"."folded";--> statement-breakpoint
-- ---- Hand-written below (the tables and indexes above are drizzle's) ----
-- Members buying over any range of days, exactly, from daily rows (server/modules/reports/README.md,
-- "Members buying over a range"): the members buying in [a, b] are the member-days of the range (a
-- sum of per-day counts) less the repeat pairs inside it (a member's purchase day and their previous
-- purchase day, both in [a, b]). Per source row the triggers keep member_days (the days each member
-- bought on, per grain and value), member_day_repeats (the pairs) and the daily sums with the
-- member-days a row began; member_days_note() is the one place a member's day comes or goes.
-- The advisory lock per tenant and member makes two postings of one member take turns, so each reads
-- the other's days (READ COMMITTED: each statement sees what committed before it).
CREATE OR REPLACE FUNCTION member_days_lock(tenant bigint, member bigint) RETURNS void LANGUAGE plpgsql AS $$
BEGIN
  PERFORM pg_advisory_xact_lock(hashtextextended('member_days:' || tenant || ':' || member, 0));
END;
$$;--> statement-breakpoint
-- One row of a source more (sign 1) or less (-1) on a member's day of a grain's value: answers the
-- change of the member-days (1 when the day begins, -1 when its last row goes, else 0); a day that
-- begins between two of the member's days replaces their pair (next, prev) by (next, day) and
-- (day, prev); one that goes does the reverse.
CREATE OR REPLACE FUNCTION member_days_note(tenant bigint, src text, g text, k text, member bigint, d date, sign integer)
  RETURNS integer LANGUAGE plpgsql AS $$
DECLARE
  n bigint;
  prev_day date;
  next_day date;
BEGIN
  IF sign > 0 THEN
    INSERT INTO member_days AS m (tenant_id, source, grain, key, member_id, day, rows) VALUES (tenant, src, g, k, member, d, 1)
    ON CONFLICT (tenant_id, source, grain, key, member_id, day) DO UPDATE SET rows = m.rows + 1
    RETURNING m.rows INTO n;
    IF n > 1 THEN RETURN 0; END IF;
  ELSE
    UPDATE member_days m SET rows = m.rows - 1
    WHERE m.tenant_id = tenant AND m.source = src AND m.grain = g AND m.key = k AND m.member_id = member AND m.day = d
    RETURNING m.rows INTO n;
    IF n IS NULL OR n > 0 THEN RETURN 0; END IF;
    DELETE FROM member_days m
    WHERE m.tenant_id = tenant AND m.source = src AND m.grain = g AND m.key = k AND m.member_id = member AND m.day = d;
  END IF;
  SELECT max(m.day) INTO prev_day FROM member_days m
  WHERE m.tenant_id = tenant AND m.source = src AND m.grain = g AND m.key = k AND m.member_id = member AND m.day < d;
  SELECT min(m.day) INTO next_day FROM member_days m
  WHERE m.tenant_id = tenant AND m.source = src AND m.grain = g AND m.key = k AND m.member_id = member AND m.day > d;
  IF prev_day IS NOT NULL AND next_day IS NOT NULL THEN
    INSERT INTO member_day_repeats (tenant_id, source, grain, key, day, prev_day, entries) VALUES (tenant, src, g, k, next_day, prev_day, -sign);
  END IF;
  IF next_day IS NOT NULL THEN
    INSERT INTO member_day_repeats (tenant_id, source, grain, key, day, prev_day, entries) VALUES (tenant, src, g, k, next_day, d, sign);
  END IF;
  IF prev_day IS NOT NULL THEN
    INSERT INTO member_day_repeats (tenant_id, source, grain, key, day, prev_day, entries) VALUES (tenant, src, g, k, d, prev_day, sign);
  END IF;
  RETURN sign;
END;
$$;--> statement-breakpoint
-- How many members bought on a day of [lo, hi] after buying on an earlier day of it (null: open),
-- per source, grain and value: what the reports subtract from the range's member-days. The index
-- range is the previous days within [lo, hi) (a pair's previous day is before its day).
CREATE OR REPLACE FUNCTION member_repeats(tenant bigint, src text, g text, k text, lo date, hi date)
  RETURNS bigint LANGUAGE plpgsql STABLE AS $$
DECLARE
  n bigint;
BEGIN
  SELECT coalesce(sum(r.entries), 0) INTO n FROM member_day_repeats r
  WHERE r.tenant_id = tenant AND r.source = src AND r.grain = g AND r.key = k
    AND r.prev_day >= coalesce(lo, '-infinity'::date) AND r.prev_day < coalesce(hi, 'infinity'::date)
    AND r.day <= coalesce(hi, 'infinity'::date);
  RETURN n;
END;
$$;--> statement-breakpoint
-- A member's sale (a walk-in's counts nowhere here) more or less; `days`: its member's days change
-- too (not when only its amounts do).
CREATE OR REPLACE FUNCTION member_sales_daily_row(x sales_transactions, sign integer, days boolean) RETURNS void LANGUAGE plpgsql AS $$
DECLARE
  d date := (x.occurred_at AT TIME ZONE 'Asia/Shanghai')::date;
  per_store integer := 0;
  per_all integer := 0;
BEGIN
  IF x.member_id IS NULL THEN RETURN; END IF;
  IF days THEN
    PERFORM member_days_lock(x.tenant_id, x.member_id);
    per_store := member_days_note(x.tenant_id, 'sales', 'store', coalesce(x.store_id::text, ''), x.member_id, d, sign);
    per_all := member_days_note(x.tenant_id, 'sales', 'all', '', x.member_id, d, sign);
  END IF;
  INSERT INTO member_sales_daily (tenant_id, day, store_id, entries, amount, returned_amount, points, member_days, member_days_all)
  VALUES (x.tenant_id, d, x.store_id, sign, sign * x.amount, sign * x.returned_amount, sign * x.points, per_store, per_all);
END;
$$;--> statement-breakpoint
CREATE OR REPLACE FUNCTION member_sales_daily_follow() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  days boolean := true;
BEGIN
  IF TG_OP = 'UPDATE' THEN
    days := (OLD.tenant_id, OLD.member_id, OLD.store_id, (OLD.occurred_at AT TIME ZONE 'Asia/Shanghai')::date)
      IS DISTINCT FROM (NEW.tenant_id, NEW.member_id, NEW.store_id, (NEW.occurred_at AT TIME ZONE 'Asia/Shanghai')::date);
  END IF;
  IF TG_OP <> 'INSERT' THEN PERFORM member_sales_daily_row(OLD, -1, days); END IF;
  IF TG_OP <> 'DELETE' THEN PERFORM member_sales_daily_row(NEW, 1, days); END IF;
  RETURN NULL;
END;
$$;--> statement-breakpoint
CREATE TRIGGER member_sales_daily_insert AFTER INSERT OR DELETE ON sales_transactions
  FOR EACH ROW EXECUTE FUNCTION member_sales_daily_follow();--> statement-breakpoint
CREATE TRIGGER member_sales_daily_update AFTER UPDATE OF tenant_id, occurred_at, store_id, member_id, amount, points, returned_amount
    ON sales_transactions
  FOR EACH ROW WHEN ((OLD.tenant_id, OLD.occurred_at, OLD.store_id, OLD.member_id, OLD.amount, OLD.points, OLD.returned_amount)
    IS DISTINCT FROM (NEW.tenant_id, NEW.occurred_at, NEW.store_id, NEW.member_id, NEW.amount, NEW.points, NEW.returned_amount))
  EXECUTE FUNCTION member_sales_daily_follow();--> statement-breakpoint
-- A paid level order more or less, with its member's days per store, level and payment channel, on
-- its day and its month (a range's whole months read the months: a year's days and keys are hardly
-- fewer than its orders). Its state is no key: what was refunded and the months of the orders not
-- refunded are sums.
CREATE OR REPLACE FUNCTION paid_level_daily_row(o paid_level_orders, sign integer, days boolean) RETURNS void LANGUAGE plpgsql AS $$
DECLARE
  d date := (o.paid_at AT TIME ZONE 'Asia/Shanghai')::date;
  per_all integer := 0;
  per_store integer := 0;
  per_level integer := 0;
  per_channel integer := 0;
  refunded numeric := CASE WHEN o.state = 'REFUNDED' THEN o.amount ELSE 0 END;
  months bigint := CASE WHEN o.state = 'REFUNDED' THEN 0 ELSE coalesce(o.term_months, 0) END;
BEGIN
  IF days THEN
    PERFORM member_days_lock(o.tenant_id, o.member_id);
    per_all := member_days_note(o.tenant_id, 'paid_level', 'all', '', o.member_id, d, sign);
    per_store := member_days_note(o.tenant_id, 'paid_level', 'store', coalesce(o.store::text, ''), o.member_id, d, sign);
    per_level := member_days_note(o.tenant_id, 'paid_level', 'level', o.level::text, o.member_id, d, sign);
    per_channel := member_days_note(o.tenant_id, 'paid_level', 'channel', o.pay_channel, o.member_id, d, sign);
  END IF;
  INSERT INTO paid_level_daily (tenant_id, day, level, store, pay_channel, entries, amount, refunded, term_months, member_days_all,
    member_days_store, member_days_level, member_days_channel)
  VALUES (o.tenant_id, d, o.level, o.store, o.pay_channel, sign, sign * o.amount, sign * refunded, sign * months, per_all, per_store,
    per_level, per_channel);
  INSERT INTO paid_level_monthly (tenant_id, day, level, store, pay_channel, entries, amount, refunded, term_months, member_days_all,
    member_days_store, member_days_level, member_days_channel)
  VALUES (o.tenant_id, date_trunc('month', d)::date, o.level, o.store, o.pay_channel, sign, sign * o.amount, sign * refunded,
    sign * months, per_all, per_store, per_level, per_channel);
END;
$$;--> statement-breakpoint
CREATE OR REPLACE FUNCTION paid_level_daily_follow() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  days boolean := true;
BEGIN
  IF TG_OP = 'UPDATE' THEN
    days := (OLD.tenant_id, OLD.member_id, OLD.store, OLD.level, OLD.pay_channel, (OLD.paid_at AT TIME ZONE 'Asia/Shanghai')::date)
      IS DISTINCT FROM (NEW.tenant_id, NEW.member_id, NEW.store, NEW.level, NEW.pay_channel, (NEW.paid_at AT TIME ZONE 'Asia/Shanghai')::date);
  END IF;
  IF TG_OP <> 'INSERT' THEN PERFORM paid_level_daily_row(OLD, -1, days); END IF;
  IF TG_OP <> 'DELETE' THEN PERFORM paid_level_daily_row(NEW, 1, days); END IF;
  RETURN NULL;
END;
$$;--> statement-breakpoint
CREATE TRIGGER paid_level_daily_insert AFTER INSERT OR DELETE ON paid_level_orders
  FOR EACH ROW EXECUTE FUNCTION paid_level_daily_follow();--> statement-breakpoint
CREATE TRIGGER paid_level_daily_update AFTER UPDATE OF tenant_id, paid_at, member_id, level, store, pay_channel, state, amount, term_months
    ON paid_level_orders
  FOR EACH ROW WHEN ((OLD.tenant_id, OLD.paid_at, OLD.member_id, OLD.level, OLD.store, OLD.pay_channel, OLD.state, OLD.amount,
      OLD.term_months)
    IS DISTINCT FROM (NEW.tenant_id, NEW.paid_at, NEW.member_id, NEW.level, NEW.store, NEW.pay_channel, NEW.state, NEW.amount,
      NEW.term_months))
  EXECUTE FUNCTION paid_level_daily_follow();--> statement-breakpoint
-- Rebuilds the member days, their pairs and both reports' daily sums of one tenant (every tenant's,
-- given null) from the sales and the paid level orders (the months from the days), holding off both meanwhile. A member-day over
-- several keys of a daily row is counted on its least key (the triggers count it on the key of the row
-- that began it): the same sums over what the grain keeps apart.
CREATE OR REPLACE FUNCTION recompute_member_days(tenant bigint) RETURNS void LANGUAGE plpgsql AS $$
BEGIN
  LOCK TABLE sales_transactions, paid_level_orders IN SHARE MODE;
  DELETE FROM member_days WHERE tenant IS NULL OR tenant_id = tenant;
  DELETE FROM member_day_repeats WHERE tenant IS NULL OR tenant_id = tenant;
  DELETE FROM member_sales_daily WHERE tenant IS NULL OR tenant_id = tenant;
  DELETE FROM paid_level_daily WHERE tenant IS NULL OR tenant_id = tenant;
  INSERT INTO member_days (tenant_id, source, grain, key, member_id, day, rows)
  SELECT x.tenant_id, 'sales', g.grain, g.key, x.member_id, (x.occurred_at AT TIME ZONE 'Asia/Shanghai')::date, count(*)
  FROM sales_transactions x CROSS JOIN LATERAL (VALUES ('all', ''), ('store', coalesce(x.store_id::text, ''))) g(grain, key)
  WHERE x.member_id IS NOT NULL AND (tenant IS NULL OR x.tenant_id = tenant)
  GROUP BY 1, 2, 3, 4, 5, 6;
  INSERT INTO member_days (tenant_id, source, grain, key, member_id, day, rows)
  SELECT o.tenant_id, 'paid_level', g.grain, g.key, o.member_id, (o.paid_at AT TIME ZONE 'Asia/Shanghai')::date, count(*)
  FROM paid_level_orders o CROSS JOIN LATERAL (VALUES ('all', ''), ('store', coalesce(o.store::text, '')), ('level', o.level::text),
    ('channel', o.pay_channel)) g(grain, key)
  WHERE tenant IS NULL OR o.tenant_id = tenant
  GROUP BY 1, 2, 3, 4, 5, 6;
  INSERT INTO member_day_repeats (tenant_id, source, grain, key, day, prev_day, entries, folded)
  SELECT p.tenant_id, p.source, p.grain, p.key, p.day, p.prev_day, count(*), true
  FROM (
    SELECT m.tenant_id, m.source, m.grain, m.key, m.day,
      lag(m.day) OVER (PARTITION BY m.tenant_id, m.source, m.grain, m.key, m.member_id ORDER BY m.day) AS prev_day
    FROM member_days m WHERE tenant IS NULL OR m.tenant_id = tenant
  ) p WHERE p.prev_day IS NOT NULL
  GROUP BY 1, 2, 3, 4, 5, 6;
  INSERT INTO member_sales_daily (tenant_id, day, store_id, entries, amount, returned_amount, points, member_days, member_days_all,
    folded)
  SELECT s.tenant_id, s.day, s.store_id, sum(s.entries), sum(s.amount), sum(s.returned_amount), sum(s.points), count(*),
    count(*) FILTER (WHERE s.lead_all = 1), true
  FROM (
    SELECT k.*, row_number() OVER (PARTITION BY k.tenant_id, k.member_id, k.day ORDER BY k.store_id NULLS FIRST) AS lead_all
    FROM (
      SELECT x.tenant_id, x.member_id, (x.occurred_at AT TIME ZONE 'Asia/Shanghai')::date AS day, x.store_id, count(*) AS entries,
        sum(x.amount) AS amount, sum(x.returned_amount) AS returned_amount, sum(x.points) AS points
      FROM sales_transactions x WHERE x.member_id IS NOT NULL AND (tenant IS NULL OR x.tenant_id = tenant)
      GROUP BY 1, 2, 3, 4
    ) k
  ) s
  GROUP BY s.tenant_id, s.day, s.store_id;
  INSERT INTO paid_level_daily (tenant_id, day, level, store, pay_channel, entries, amount, refunded, term_months, member_days_all,
    member_days_store, member_days_level, member_days_channel, folded)
  SELECT s.tenant_id, s.day, s.level, s.store, s.pay_channel, sum(s.entries), sum(s.amount), sum(s.refunded), sum(s.term_months),
    count(*) FILTER (WHERE s.lead_all = 1), count(*) FILTER (WHERE s.lead_store = 1), count(*) FILTER (WHERE s.lead_level = 1),
    count(*) FILTER (WHERE s.lead_channel = 1), true
  FROM (
    SELECT k.*,
      row_number() OVER (PARTITION BY k.tenant_id, k.member_id, k.day ORDER BY k.level, k.store NULLS FIRST, k.pay_channel) AS lead_all,
      row_number() OVER (PARTITION BY k.tenant_id, k.member_id, k.day, k.store ORDER BY k.level, k.pay_channel) AS lead_store,
      row_number() OVER (PARTITION BY k.tenant_id, k.member_id, k.day, k.level ORDER BY k.store NULLS FIRST, k.pay_channel) AS lead_level,
      row_number() OVER (PARTITION BY k.tenant_id, k.member_id, k.day, k.pay_channel ORDER BY k.level, k.store NULLS FIRST) AS lead_channel
    FROM (
      SELECT o.tenant_id, o.member_id, (o.paid_at AT TIME ZONE 'Asia/Shanghai')::date AS day, o.level, o.store, o.pay_channel,
        count(*) AS entries, sum(o.amount) AS amount, coalesce(sum(o.amount) FILTER (WHERE o.state = 'REFUNDED'), 0) AS refunded,
        coalesce(sum(o.term_months) FILTER (WHERE o.state <> 'REFUNDED'), 0) AS term_months
      FROM paid_level_orders o WHERE tenant IS NULL OR o.tenant_id = tenant
      GROUP BY 1, 2, 3, 4, 5, 6
    ) k
  ) s
  GROUP BY s.tenant_id, s.day, s.level, s.store, s.pay_channel;
  DELETE FROM paid_level_monthly WHERE tenant IS NULL OR tenant_id = tenant;
  INSERT INTO paid_level_monthly (tenant_id, day, level, store, pay_channel, entries, amount, refunded, term_months, member_days_all,
    member_days_store, member_days_level, member_days_channel, folded)
  SELECT tenant_id, date_trunc('month', day)::date, level, store, pay_channel, sum(entries), sum(amount), sum(refunded), sum(term_months),
    sum(member_days_all), sum(member_days_store), sum(member_days_level), sum(member_days_channel), true
  FROM paid_level_daily WHERE tenant IS NULL OR tenant_id = tenant
  GROUP BY 1, 2, 3, 4, 5;
END;
$$;--> statement-breakpoint
-- The fold and the rebuild of the reports' daily totals (0066_report-daily-totals) take these in too.
CREATE OR REPLACE FUNCTION fold_report_daily() RETURNS bigint LANGUAGE plpgsql AS $$
BEGIN
  IF NOT pg_try_advisory_xact_lock(hashtext('fold_report_daily')) THEN RETURN 0; END IF;
  RETURN fold_daily_table('coupon_daily', ARRAY['tenant_id', 'day', 'event', 'template', 'source', 'store_id'],
      ARRAY['entries', 'face_value', 'discount'])
    + fold_daily_table('fuel_daily', ARRAY['tenant_id', 'day', 'store_id', 'grade', 'buyer'],
      ARRAY['entries', 'litres', 'amount', 'discount', 'returned', 'points', 'sales', 'sales_lead'])
    + fold_daily_table('member_sales_daily', ARRAY['tenant_id', 'day', 'store_id'],
      ARRAY['entries', 'amount', 'returned_amount', 'points', 'member_days', 'member_days_all'])
    + fold_daily_table('paid_level_daily', ARRAY['tenant_id', 'day', 'level', 'store', 'pay_channel'],
      ARRAY['entries', 'amount', 'refunded', 'term_months', 'member_days_all', 'member_days_store', 'member_days_level',
        'member_days_channel'])
    + fold_daily_table('paid_level_monthly', ARRAY['tenant_id', 'day', 'level', 'store', 'pay_channel'],
      ARRAY['entries', 'amount', 'refunded', 'term_months', 'member_days_all', 'member_days_store', 'member_days_level',
        'member_days_channel'])
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
END;
$$;--> statement-breakpoint
ALTER TABLE "member_sales_daily" SET (autovacuum_vacuum_scale_factor = 0.02, autovacuum_vacuum_insert_scale_factor = 0.02);--> statement-breakpoint
ALTER TABLE "paid_level_daily" SET (autovacuum_vacuum_scale_factor = 0.02, autovacuum_vacuum_insert_scale_factor = 0.02);--> statement-breakpoint
ALTER TABLE "paid_level_monthly" SET (autovacuum_vacuum_scale_factor = 0.02, autovacuum_vacuum_insert_scale_factor = 0.02);--> statement-breakpoint
ALTER TABLE "member_day_repeats" SET (autovacuum_vacuum_scale_factor = 0.02, autovacuum_vacuum_insert_scale_factor = 0.02);--> statement-breakpoint
SELECT recompute_member_days(NULL);
