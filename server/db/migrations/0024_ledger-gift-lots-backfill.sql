-- Custom SQL migration file: ledger-gift-lots-backfill.
-- Gift held before gift lots existed becomes one lot per account that never expires, keyed by
-- the account's last entry, so an account's gift = the sum of its lots' remaining from now on
-- (server/modules/ledger/README.md, "Gift expiry").
INSERT INTO "value_gift_lots" ("tenant_id", "entry_id", "account_id", "amount", "remaining", "given_at", "expires_at")
SELECT a."tenant_id", e."id", a."id", a."gift", a."gift", coalesce(a."last_entry_at", now()), NULL
FROM "value_accounts" a
JOIN LATERAL (
  SELECT max(x."id") AS "id" FROM "value_entries" x WHERE x."tenant_id" = a."tenant_id" AND x."account_id" = a."id"
) e ON e."id" IS NOT NULL
WHERE a."gift" > 0
ON CONFLICT DO NOTHING;
