-- Extensions the declaration engine's derived indexes need (server/crud/index.derive.ts):
-- pg_trgm serves ILIKE '%x%' (contains filters, keyword search) through GIN gin_trgm_ops;
-- btree_gin lets tenant_id (and marketing_center_id) lead those GIN indexes.
-- Both ship with PostgreSQL's contrib (embedded-postgres and Debian's postgresql-15 alike).
CREATE EXTENSION IF NOT EXISTS pg_trgm;
--> statement-breakpoint
CREATE EXTENSION IF NOT EXISTS btree_gin;
