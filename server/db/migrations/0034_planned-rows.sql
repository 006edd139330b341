-- Hand-written (drizzle-kit cannot produce functions): the planner's estimate of how many rows a
-- SELECT returns, so a list's page, its total and the names its rows point at come back in one
-- statement (server/crud/query.builder.ts) instead of a separate EXPLAIN round trip.
-- `statement` is a format() template written by the server, never by a client: `%n$L` stands
-- for the n-th value, which format() quotes as a literal here, in the database, so a value
-- cannot change the statement's text; a literal is planned as the bound value it replaces.
-- EXPLAIN may only run in a VOLATILE function; the caller evaluates it once per statement.
CREATE OR REPLACE FUNCTION planned_rows(statement text, VARIADIC params text[] DEFAULT '{}') RETURNS double precision
LANGUAGE plpgsql VOLATILE AS $$
DECLARE
  plan json;
BEGIN
  IF statement !~* '^\s*select\s' THEN
    RAISE EXCEPTION 'planned_rows explains a select only';
  END IF;
  EXECUTE 'explain (format json) ' || format(statement, VARIADIC params) INTO plan;
  RETURN (plan -> 0 -> 'Plan' ->> 'Plan Rows')::double precision;
END $$;
