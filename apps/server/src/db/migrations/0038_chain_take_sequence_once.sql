-- The chain's take looks the events' id sequence up once per call, not once per event: a bulk load of
-- ten thousand events spent most of the function's time finding the same sequence again.
CREATE OR REPLACE FUNCTION audit_chain_take(lock_key bigint, n integer)
RETURNS TABLE (ord integer, id bigint, at text, last text)
LANGUAGE plpgsql VOLATILE AS $$
DECLARE
  prev text;
  ids regclass := pg_get_serial_sequence('audit_events', 'id')::regclass;
BEGIN
  PERFORM pg_advisory_xact_lock(lock_key);
  SELECT e.hash INTO prev FROM audit_events e ORDER BY e.id DESC LIMIT 1;
  RETURN QUERY
    SELECT g.i - 1, nextval(ids),
           to_char(clock_timestamp() AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.US"Z"'), prev
    FROM generate_series(1, n) AS g(i);
END
$$;
