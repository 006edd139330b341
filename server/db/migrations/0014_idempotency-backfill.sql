-- Hand-written (drizzle-kit cannot produce data migrations). The idempotency keys of requests
-- recorded before the idempotency rule (server/modules/idempotency/README.md): sales by order
-- number, returns by return number, spends by request number. Their request bodies were not
-- kept, so request_hash stays NULL: a replay of such a key answers the stored result, exactly
-- as it did before the rule. Every key recorded from now on has its hash.
INSERT INTO "idempotency_keys" ("tenant_id", "operation", "key", "request_hash", "response", "created_at")
SELECT "tenant_id", 'points.transaction', "order_no", NULL, "response", "occurred_at"
FROM "sales_transactions" WHERE "response" <> '{}'::jsonb
ON CONFLICT DO NOTHING;
--> statement-breakpoint
INSERT INTO "idempotency_keys" ("tenant_id", "operation", "key", "request_hash", "response", "created_at")
SELECT "tenant_id", 'points.return', "return_no", NULL, "response", "occurred_at"
FROM "sales_returns"
ON CONFLICT DO NOTHING;
--> statement-breakpoint
INSERT INTO "idempotency_keys" ("tenant_id", "operation", "key", "request_hash", "response", "created_at")
SELECT "tenant_id", 'points.spend', substr("idempotency_key", 7), NULL,
  jsonb_build_object('requestNo', substr("idempotency_key", 7), 'memberId', "member_id", 'points', -"delta",
    'balance', "balance_after", 'entryId', "id"),
  "occurred_at"
FROM "points_entries" WHERE "idempotency_key" LIKE 'spend:%'
ON CONFLICT DO NOTHING;
