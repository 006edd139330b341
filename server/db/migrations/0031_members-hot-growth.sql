-- Hand-written (a declaration cannot state storage parameters): every sale updates the member's
-- growth value, which no index covers (the field is a `hotCounter`, server/crud/README.md), so
-- PostgreSQL can rewrite the row in place (a HOT update) when its page has room. Pages are
-- filled to 90 % from now on to leave that room; pages written before keep theirs until the
-- table is rewritten (`VACUUM FULL members` or pg_repack in a quiet hour on a large installation).
ALTER TABLE "members" SET (fillfactor = 90);
