CREATE TABLE "points_daily" (
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
CREATE TABLE "value_daily" (
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
CREATE INDEX "points_daily_day_idx" ON "points_daily" USING btree ("tenant_id","day");--> statement-breakpoint
CREATE INDEX "points_daily_unfolded_idx" ON "points_daily" USING btree ("tenant_id","day") WHERE not "points_daily"."folded";--> statement-breakpoint
CREATE INDEX "value_daily_day_idx" ON "value_daily" USING btree ("tenant_id","day");--> statement-breakpoint
CREATE INDEX "value_daily_unfolded_idx" ON "value_daily" USING btree ("tenant_id","day") WHERE not "value_daily"."folded";--> statement-breakpoint
-- The daily totals follow the ledgers in the posting's own transaction (server/modules/reports/README.md):
-- each entry inserted adds a row of its amounts, a change subtracts the old and adds the new, a
-- removal subtracts. Rows are only appended, so postings never wait on each other here; the fold
-- (fold_daily_totals) sums the rows of a key into one.
CREATE OR REPLACE FUNCTION points_daily_row(e points_entries, sign int) RETURNS void LANGUAGE sql AS $$
  INSERT INTO points_daily (tenant_id, day, store_id, kind, source_type, channel, entries, delta, delta_in)
  VALUES (e.tenant_id, (e.occurred_at AT TIME ZONE 'Asia/Shanghai')::date, e.store_id, e.kind, e.source_type, e.channel,
    sign, sign * e.delta, sign * greatest(e.delta, 0));
$$;--> statement-breakpoint
CREATE OR REPLACE FUNCTION points_daily_follow() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP <> 'INSERT' THEN PERFORM points_daily_row(OLD, -1); END IF;
  IF TG_OP <> 'DELETE' THEN PERFORM points_daily_row(NEW, 1); END IF;
  RETURN NULL;
END;
$$;--> statement-breakpoint
CREATE TRIGGER points_daily_insert AFTER INSERT OR DELETE ON points_entries
  FOR EACH ROW EXECUTE FUNCTION points_daily_follow();--> statement-breakpoint
CREATE TRIGGER points_daily_update AFTER UPDATE OF tenant_id, occurred_at, store_id, kind, source_type, channel, delta ON points_entries
  FOR EACH ROW WHEN ((OLD.tenant_id, OLD.occurred_at, OLD.store_id, OLD.kind, OLD.source_type, OLD.channel, OLD.delta)
    IS DISTINCT FROM (NEW.tenant_id, NEW.occurred_at, NEW.store_id, NEW.kind, NEW.source_type, NEW.channel, NEW.delta))
  EXECUTE FUNCTION points_daily_follow();--> statement-breakpoint
CREATE OR REPLACE FUNCTION value_daily_row(e value_entries, sign int) RETURNS void LANGUAGE sql AS $$
  INSERT INTO value_daily (tenant_id, day, store_id, holder_kind, card_type, card_template, kind, source_type, channel,
    entries, principal_delta, gift_delta)
  SELECT e.tenant_id, (e.occurred_at AT TIME ZONE 'Asia/Shanghai')::date, e.store_id, e.holder_kind, c.card_type, c.template,
    e.kind, e.source_type, e.channel, sign, sign * e.principal_delta, sign * e.gift_delta
  FROM (SELECT 1) one LEFT JOIN prepay_cards c ON e.card_id IS NOT NULL AND c.tenant_id = e.tenant_id AND c.id = e.card_id;
$$;--> statement-breakpoint
CREATE OR REPLACE FUNCTION value_daily_follow() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP <> 'INSERT' THEN PERFORM value_daily_row(OLD, -1); END IF;
  IF TG_OP <> 'DELETE' THEN PERFORM value_daily_row(NEW, 1); END IF;
  RETURN NULL;
END;
$$;--> statement-breakpoint
CREATE TRIGGER value_daily_insert AFTER INSERT OR DELETE ON value_entries
  FOR EACH ROW EXECUTE FUNCTION value_daily_follow();--> statement-breakpoint
CREATE TRIGGER value_daily_update AFTER UPDATE OF tenant_id, occurred_at, store_id, holder_kind, card_id, kind, source_type, channel,
    principal_delta, gift_delta ON value_entries
  FOR EACH ROW WHEN ((OLD.tenant_id, OLD.occurred_at, OLD.store_id, OLD.holder_kind, OLD.card_id, OLD.kind, OLD.source_type, OLD.channel,
      OLD.principal_delta, OLD.gift_delta)
    IS DISTINCT FROM (NEW.tenant_id, NEW.occurred_at, NEW.store_id, NEW.holder_kind, NEW.card_id, NEW.kind, NEW.source_type, NEW.channel,
      NEW.principal_delta, NEW.gift_delta))
  EXECUTE FUNCTION value_daily_follow();--> statement-breakpoint
-- Folds the rows not folded yet into one row per key (with the key's folded row); rows of a key
-- that sum to nothing go. Rows a posting commits meanwhile are not seen and wait for the next
-- fold. One fold at a time (the advisory lock); answers the rows it read.
CREATE OR REPLACE FUNCTION fold_daily_totals() RETURNS bigint LANGUAGE plpgsql AS $$
DECLARE
  points_read bigint;
  value_read bigint;
BEGIN
  IF NOT pg_try_advisory_xact_lock(hashtext('fold_daily_totals')) THEN RETURN 0; END IF;
  WITH keys AS (
    SELECT DISTINCT tenant_id, day, store_id, kind, source_type, channel FROM points_daily WHERE NOT folded
  ), gone AS (
    DELETE FROM points_daily d USING keys k
    WHERE d.tenant_id = k.tenant_id AND d.day = k.day AND d.store_id IS NOT DISTINCT FROM k.store_id AND d.kind = k.kind
      AND d.source_type = k.source_type AND d.channel IS NOT DISTINCT FROM k.channel
    RETURNING d.*
  ), folded AS (
    INSERT INTO points_daily (tenant_id, day, store_id, kind, source_type, channel, entries, delta, delta_in, folded)
    SELECT tenant_id, day, store_id, kind, source_type, channel, sum(entries), sum(delta), sum(delta_in), true
    FROM gone GROUP BY tenant_id, day, store_id, kind, source_type, channel
    HAVING sum(entries) <> 0 OR sum(delta) <> 0 OR sum(delta_in) <> 0
  )
  SELECT count(*) INTO points_read FROM gone;
  WITH keys AS (
    SELECT DISTINCT tenant_id, day, store_id, holder_kind, card_type, card_template, kind, source_type, channel
    FROM value_daily WHERE NOT folded
  ), gone AS (
    DELETE FROM value_daily d USING keys k
    WHERE d.tenant_id = k.tenant_id AND d.day = k.day AND d.store_id IS NOT DISTINCT FROM k.store_id
      AND d.holder_kind = k.holder_kind AND d.card_type IS NOT DISTINCT FROM k.card_type
      AND d.card_template IS NOT DISTINCT FROM k.card_template AND d.kind = k.kind AND d.source_type = k.source_type
      AND d.channel IS NOT DISTINCT FROM k.channel
    RETURNING d.*
  ), folded AS (
    INSERT INTO value_daily (tenant_id, day, store_id, holder_kind, card_type, card_template, kind, source_type, channel,
      entries, principal_delta, gift_delta, folded)
    SELECT tenant_id, day, store_id, holder_kind, card_type, card_template, kind, source_type, channel,
      sum(entries), sum(principal_delta), sum(gift_delta), true
    FROM gone GROUP BY tenant_id, day, store_id, holder_kind, card_type, card_template, kind, source_type, channel
    HAVING sum(entries) <> 0 OR sum(principal_delta) <> 0 OR sum(gift_delta) <> 0
  )
  SELECT count(*) INTO value_read FROM gone;
  RETURN points_read + value_read;
END;
$$;--> statement-breakpoint
-- Rebuilds one tenant's daily totals (or every tenant's, given null) from the ledgers, holding
-- off postings to them meanwhile (SHARE locks the ledgers against writes, not reads).
CREATE OR REPLACE FUNCTION recompute_daily_totals(tenant bigint) RETURNS void LANGUAGE plpgsql AS $$
BEGIN
  LOCK TABLE points_entries, value_entries IN SHARE MODE;
  DELETE FROM points_daily WHERE tenant IS NULL OR tenant_id = tenant;
  INSERT INTO points_daily (tenant_id, day, store_id, kind, source_type, channel, entries, delta, delta_in, folded)
  SELECT tenant_id, (occurred_at AT TIME ZONE 'Asia/Shanghai')::date, store_id, kind, source_type, channel,
    count(*), sum(delta), sum(greatest(delta, 0)), true
  FROM points_entries WHERE tenant IS NULL OR tenant_id = tenant GROUP BY 1, 2, 3, 4, 5, 6;
  DELETE FROM value_daily WHERE tenant IS NULL OR tenant_id = tenant;
  INSERT INTO value_daily (tenant_id, day, store_id, holder_kind, card_type, card_template, kind, source_type, channel,
    entries, principal_delta, gift_delta, folded)
  SELECT e.tenant_id, (e.occurred_at AT TIME ZONE 'Asia/Shanghai')::date, e.store_id, e.holder_kind, c.card_type, c.template,
    e.kind, e.source_type, e.channel, count(*), sum(e.principal_delta), sum(e.gift_delta), true
  FROM value_entries e LEFT JOIN prepay_cards c ON c.tenant_id = e.tenant_id AND c.id = e.card_id
  WHERE tenant IS NULL OR e.tenant_id = tenant GROUP BY 1, 2, 3, 4, 5, 6, 7, 8, 9;
END;
$$;--> statement-breakpoint
SELECT recompute_daily_totals(NULL);
