-- The points settings screen (resources/promotion/score-init.resource.ts, table points_rule_settings)
-- shows what the ledger's points_settings row already holds for tenants that have one; from now on
-- its saves write that row (server/modules/points/points-settings.hooks.ts).
INSERT INTO "points_rule_settings" ("tenant_id", "yuan_per_point", "expiry_mode", "expiry_months")
SELECT "tenant_id", "yuan_per_point", "expiry_mode", "expiry_months" FROM "points_settings"
ON CONFLICT ("tenant_id") DO NOTHING;
