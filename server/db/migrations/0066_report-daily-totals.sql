CREATE TABLE "coupon_daily" (
	"tenant_id" bigint NOT NULL,
	"day" date NOT NULL,
	"event" text NOT NULL,
	"template" bigint NOT NULL,
	"source" text NOT NULL,
	"store_id" bigint,
	"entries" bigint NOT NULL,
	"face_value" numeric(16, 2) NOT NULL,
	"discount" numeric(16, 2) NOT NULL,
	"folded" boolean DEFAULT false NOT NULL
);
--> statement-breakpoint
CREATE TABLE "fuel_daily" (
	"tenant_id" bigint NOT NULL,
	"day" date NOT NULL,
	"store_id" bigint,
	"grade" text NOT NULL,
	"buyer" text NOT NULL,
	"entries" bigint NOT NULL,
	"litres" numeric(18, 3) NOT NULL,
	"amount" numeric(16, 2) NOT NULL,
	"discount" numeric(16, 2) NOT NULL,
	"returned" numeric(16, 2) NOT NULL,
	"points" numeric(16, 2) NOT NULL,
	"sales" bigint NOT NULL,
	"sales_lead" bigint NOT NULL,
	"folded" boolean DEFAULT false NOT NULL
);
--> statement-breakpoint
ALTER TABLE "members_daily" ADD COLUMN "in_use_entries" bigint DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "members_daily" ADD COLUMN "invited_entries" bigint DEFAULT 0 NOT NULL;--> statement-breakpoint
CREATE INDEX "coupon_daily_day_idx" ON "coupon_daily" USING btree ("tenant_id","day");--> statement-breakpoint
CREATE INDEX "coupon_daily_unfolded_idx" ON "coupon_daily" USING btree ("tenant_id","day") WHERE not "coupon_daily"."folded";--> statement-breakpoint
CREATE INDEX "fuel_daily_day_idx" ON "fuel_daily" USING btree ("tenant_id","day");--> statement-breakpoint
CREATE INDEX "fuel_daily_unfolded_idx" ON "fuel_daily" USING btree ("tenant_id","day") WHERE not "fuel_daily"."folded";--> statement-breakpoint
ALTER TABLE "members_daily" DROP COLUMN "in_use";--> statement-breakpoint
ALTER TABLE "members_daily" DROP COLUMN "invited";--> statement-breakpoint
-- ---- Hand-written below (the tables and columns above are drizzle's) ----
-- The daily totals of the coupon report and the fuel reports (server/modules/reports/README.md), kept like the ledgers' (0049_daily-totals): a
-- trigger adds the rows of each inserted row in the writer's own transaction, the old rows negated
-- and the new added on a change of a counted column, the negation on a removal; fold_report_daily()
-- folds them; recompute_report_daily() rebuilds them. Each table's rows of a source row are
-- derived by one function (`*_daily_of`) that the trigger and the recompute share.
CREATE OR REPLACE FUNCTION coupon_daily_of(c coupons)
  RETURNS TABLE (day date, event text, store_id bigint, face_value numeric, discount numeric) LANGUAGE plpgsql STABLE AS $$
#variable_conflict use_column
BEGIN
  RETURN QUERY
  SELECT (c.issued_at AT TIME ZONE 'Asia/Shanghai')::date, 'issued'::text, NULL::bigint, coalesce(c.face_value, 0), 0::numeric
  UNION ALL
  SELECT (c.used_at AT TIME ZONE 'Asia/Shanghai')::date, 'used', c.used_store, coalesce(c.face_value, 0), coalesce(c.discount, 0)
  WHERE c.state = 'USED' AND c.used_at IS NOT NULL
  UNION ALL
  -- Expiring on its validity's last day while unused; the reports count it once that instant has passed.
  SELECT (c.valid_to AT TIME ZONE 'Asia/Shanghai')::date, 'expired', NULL::bigint, coalesce(c.face_value, 0), 0::numeric
  WHERE c.state = 'ISSUED';
END;
$$;--> statement-breakpoint
CREATE OR REPLACE FUNCTION coupon_daily_row(c coupons, sign int) RETURNS void LANGUAGE sql AS $$
  INSERT INTO coupon_daily (tenant_id, day, event, template, source, store_id, entries, face_value, discount)
  SELECT c.tenant_id, r.day, r.event, c.template, c.source, r.store_id, sign, sign * r.face_value, sign * r.discount
  FROM coupon_daily_of(c) r;
$$;--> statement-breakpoint
CREATE OR REPLACE FUNCTION coupon_daily_follow() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP <> 'INSERT' THEN PERFORM coupon_daily_row(OLD, -1); END IF;
  IF TG_OP <> 'DELETE' THEN PERFORM coupon_daily_row(NEW, 1); END IF;
  RETURN NULL;
END;
$$;--> statement-breakpoint
CREATE TRIGGER coupon_daily_insert AFTER INSERT OR DELETE ON coupons
  FOR EACH ROW EXECUTE FUNCTION coupon_daily_follow();--> statement-breakpoint
CREATE TRIGGER coupon_daily_update AFTER UPDATE OF tenant_id, template, source, face_value, state, issued_at, valid_to, used_at, used_store,
    discount ON coupons
  FOR EACH ROW WHEN ((OLD.tenant_id, OLD.template, OLD.source, OLD.face_value, OLD.state, OLD.issued_at, OLD.valid_to, OLD.used_at,
      OLD.used_store, OLD.discount)
    IS DISTINCT FROM (NEW.tenant_id, NEW.template, NEW.source, NEW.face_value, NEW.state, NEW.issued_at, NEW.valid_to, NEW.used_at,
      NEW.used_store, NEW.discount))
  EXECUTE FUNCTION coupon_daily_follow();--> statement-breakpoint
-- A sale's fuel lines by grade: the line's grade is its product's (by code) at the time; points and
-- the returned amount shared over the lines by amount, each line's part rounded to the cent as the
-- report rounds it; `sales` 1 for each grade of the sale, `sales_lead` 1 on its least grade only.
CREATE OR REPLACE FUNCTION fuel_daily_of(x sales_transactions)
  RETURNS TABLE (grade text, entries bigint, litres numeric, amount numeric, discount numeric, returned numeric, points numeric,
    sales bigint, sales_lead bigint) LANGUAGE plpgsql STABLE AS $$
#variable_conflict use_column
BEGIN
  RETURN QUERY
  SELECT l.grade, count(*), coalesce(sum(l.litres), 0), coalesce(sum(l.amount), 0), coalesce(sum(l.discount), 0),
    coalesce(sum(round(x.returned_amount * l.amount / nullif(x.amount, 0), 2)), 0),
    coalesce(sum(round(x.points * l.amount / nullif(x.amount, 0), 2)), 0),
    1::bigint, (l.grade = min(l.grade) OVER ())::int::bigint
  FROM (
    SELECT p.fuel_type AS grade, (e.line->>'quantity')::numeric AS litres, (e.line->>'amount')::numeric AS amount,
      coalesce((e.line->>'discount')::numeric, 0) AS discount
    FROM jsonb_array_elements(x.lines) e(line)
    JOIN products p ON p.tenant_id = x.tenant_id AND p.code = e.line->>'goodsCode' AND p.fuel_type IS NOT NULL
  ) l GROUP BY l.grade;
END;
$$;--> statement-breakpoint
CREATE OR REPLACE FUNCTION sales_daily_row(x sales_transactions, sign int) RETURNS void LANGUAGE sql AS $$
  INSERT INTO fuel_daily (tenant_id, day, store_id, grade, buyer, entries, litres, amount, discount, returned, points, sales, sales_lead)
  SELECT x.tenant_id, (x.occurred_at AT TIME ZONE 'Asia/Shanghai')::date, x.store_id, r.grade,
    CASE WHEN x.member_id IS NOT NULL THEN 'MEMBER' ELSE 'WALK_IN' END, sign * r.entries, sign * r.litres, sign * r.amount,
    sign * r.discount, sign * r.returned, sign * r.points, sign * r.sales, sign * r.sales_lead
  FROM fuel_daily_of(x) r;
$$;--> statement-breakpoint
CREATE OR REPLACE FUNCTION sales_daily_follow() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP <> 'INSERT' THEN PERFORM sales_daily_row(OLD, -1); END IF;
  IF TG_OP <> 'DELETE' THEN PERFORM sales_daily_row(NEW, 1); END IF;
  RETURN NULL;
END;
$$;--> statement-breakpoint
CREATE TRIGGER sales_daily_insert AFTER INSERT OR DELETE ON sales_transactions
  FOR EACH ROW EXECUTE FUNCTION sales_daily_follow();--> statement-breakpoint
CREATE TRIGGER sales_daily_update AFTER UPDATE OF tenant_id, occurred_at, store_id, member_id, amount, points, returned_amount, lines
    ON sales_transactions
  FOR EACH ROW WHEN ((OLD.tenant_id, OLD.occurred_at, OLD.store_id, OLD.member_id, OLD.amount, OLD.points, OLD.returned_amount, OLD.lines)
    IS DISTINCT FROM (NEW.tenant_id, NEW.occurred_at, NEW.store_id, NEW.member_id, NEW.amount, NEW.points, NEW.returned_amount, NEW.lines))
  EXECUTE FUNCTION sales_daily_follow();--> statement-breakpoint
-- Folds one daily table's rows not folded yet into one row per key (with the key's folded row);
-- keys that sum to nothing go; answers the rows it read.
CREATE OR REPLACE FUNCTION fold_daily_table(tbl text, keys text[], sums text[]) RETURNS bigint LANGUAGE plpgsql AS $$
DECLARE
  k text := array_to_string(keys, ', ');
  read_rows bigint;
BEGIN
  EXECUTE format(
    'WITH keys AS (SELECT DISTINCT %2$s FROM %1$I WHERE NOT folded),
       gone AS (DELETE FROM %1$I d USING keys k WHERE %3$s RETURNING d.*),
       folded AS (INSERT INTO %1$I (%2$s, %4$s, folded) SELECT %2$s, %5$s, true FROM gone GROUP BY %2$s HAVING %6$s)
     SELECT count(*) FROM gone',
    tbl, k,
    (SELECT string_agg(format('d.%1$I IS NOT DISTINCT FROM k.%1$I', c), ' AND ') FROM unnest(keys) c),
    array_to_string(sums, ', '),
    (SELECT string_agg(format('sum(%I)', c), ', ') FROM unnest(sums) c),
    (SELECT string_agg(format('sum(%I) <> 0', c), ' OR ') FROM unnest(sums) c))
  INTO read_rows;
  RETURN read_rows;
END;
$$;--> statement-breakpoint
CREATE OR REPLACE FUNCTION fold_report_daily() RETURNS bigint LANGUAGE plpgsql AS $$
BEGIN
  IF NOT pg_try_advisory_xact_lock(hashtext('fold_report_daily')) THEN RETURN 0; END IF;
  RETURN fold_daily_table('coupon_daily', ARRAY['tenant_id', 'day', 'event', 'template', 'source', 'store_id'],
      ARRAY['entries', 'face_value', 'discount'])
    + fold_daily_table('fuel_daily', ARRAY['tenant_id', 'day', 'store_id', 'grade', 'buyer'],
      ARRAY['entries', 'litres', 'amount', 'discount', 'returned', 'points', 'sales', 'sales_lead']);
END;
$$;--> statement-breakpoint
-- Rebuilds the fuel reports' totals of one tenant (every tenant's, given null) from the sales, holding
-- off sales meanwhile; also what a change of a fuel product's code or grade calls (its sales' lines
-- take the product's grade anew).
CREATE OR REPLACE FUNCTION recompute_fuel_daily(tenant bigint) RETURNS void LANGUAGE plpgsql AS $$
BEGIN
  LOCK TABLE sales_transactions IN SHARE MODE;
  DELETE FROM fuel_daily WHERE tenant IS NULL OR tenant_id = tenant;
  INSERT INTO fuel_daily (tenant_id, day, store_id, grade, buyer, entries, litres, amount, discount, returned, points, sales, sales_lead,
    folded)
  SELECT e.tenant_id, e.day, e.store_id, e.grade, e.buyer, sum(e.entries), sum(e.litres), sum(e.amount), sum(e.discount),
    sum(e.returned), sum(e.points), sum(e.sales), sum(e.sales_lead), true
  FROM (
    SELECT x.tenant_id, (x.occurred_at AT TIME ZONE 'Asia/Shanghai')::date AS day, x.store_id,
      CASE WHEN x.member_id IS NOT NULL THEN 'MEMBER' ELSE 'WALK_IN' END AS buyer, r.*
    FROM sales_transactions x CROSS JOIN LATERAL fuel_daily_of(x) r WHERE tenant IS NULL OR x.tenant_id = tenant OFFSET 0
  ) e GROUP BY e.tenant_id, e.day, e.store_id, e.grade, e.buyer;
END;
$$;--> statement-breakpoint
CREATE OR REPLACE FUNCTION recompute_report_daily(tenant bigint) RETURNS void LANGUAGE plpgsql AS $$
BEGIN
  LOCK TABLE coupons, sales_transactions IN SHARE MODE;
  DELETE FROM coupon_daily WHERE tenant IS NULL OR tenant_id = tenant;
  INSERT INTO coupon_daily (tenant_id, day, event, template, source, store_id, entries, face_value, discount, folded)
  SELECT e.tenant_id, e.day, e.event, e.template, e.source, e.store_id, count(*), sum(e.face_value), sum(e.discount), true
  FROM (
    SELECT c.tenant_id, c.template, c.source, r.day, r.event, r.store_id, r.face_value, r.discount
    FROM coupons c CROSS JOIN LATERAL coupon_daily_of(c) r WHERE tenant IS NULL OR c.tenant_id = tenant OFFSET 0
  ) e GROUP BY e.tenant_id, e.day, e.event, e.template, e.source, e.store_id;
  PERFORM recompute_fuel_daily(tenant);
END;
$$;--> statement-breakpoint
-- A fuel product's code or grade changed, or a fuel product came or went: the sales of its tenant
-- take their lines' grades anew (rare: master data).
CREATE OR REPLACE FUNCTION fuel_products_follow() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  t bigint;
BEGIN
  -- Each branch reads only the transition tables its operation has.
  IF TG_OP = 'INSERT' THEN
    FOR t IN SELECT DISTINCT tenant_id FROM new_rows WHERE fuel_type IS NOT NULL LOOP PERFORM recompute_fuel_daily(t); END LOOP;
  ELSIF TG_OP = 'DELETE' THEN
    FOR t IN SELECT DISTINCT tenant_id FROM old_rows WHERE fuel_type IS NOT NULL LOOP PERFORM recompute_fuel_daily(t); END LOOP;
  ELSE
    FOR t IN
      SELECT DISTINCT o.tenant_id FROM old_rows o JOIN new_rows n ON n.tenant_id = o.tenant_id AND n.id = o.id
      WHERE (o.code, o.fuel_type) IS DISTINCT FROM (n.code, n.fuel_type) AND (o.fuel_type IS NOT NULL OR n.fuel_type IS NOT NULL)
    LOOP
      PERFORM recompute_fuel_daily(t);
    END LOOP;
  END IF;
  RETURN NULL;
END;
$$;--> statement-breakpoint
CREATE TRIGGER fuel_products_insert AFTER INSERT ON products REFERENCING NEW TABLE AS new_rows
  FOR EACH STATEMENT EXECUTE FUNCTION fuel_products_follow();--> statement-breakpoint
CREATE TRIGGER fuel_products_update AFTER UPDATE ON products REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows
  FOR EACH STATEMENT EXECUTE FUNCTION fuel_products_follow();--> statement-breakpoint
CREATE TRIGGER fuel_products_delete AFTER DELETE ON products REFERENCING OLD TABLE AS old_rows
  FOR EACH STATEMENT EXECUTE FUNCTION fuel_products_follow();--> statement-breakpoint
SELECT recompute_report_daily(NULL);--> statement-breakpoint
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
