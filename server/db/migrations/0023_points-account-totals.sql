-- Backfill of the points account's own totals (hand-written; after the migration that adds
-- total_expired and entry_count): the ledger's totals for one member are read from the account
-- row instead of summing every entry (server/modules/points/points.routes.ts). From now on the
-- posting and expiry paths maintain them (points.ledger.ts).
UPDATE "points_accounts" AS a
SET "total_expired" = e.expired, "entry_count" = e.entries
FROM (
  SELECT "tenant_id", "member_id",
    coalesce(-sum("delta") FILTER (WHERE "kind" = 'expire'), 0) AS expired,
    count(*) AS entries
  FROM "points_entries"
  GROUP BY "tenant_id", "member_id"
) AS e
WHERE a."tenant_id" = e."tenant_id" AND a."member_id" = e."member_id";
