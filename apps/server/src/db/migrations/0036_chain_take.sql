-- The end of the audit chain taken in one round trip: the chain's lock (its key given by the caller),
-- then, in a statement of its own snapshot (a volatile function's statements each take one under READ
-- COMMITTED), the last event's hash and `n` new ids with the instants they are sealed at. Taken in
-- separate statements, the lock was held over one more round trip to the database on every write.
CREATE FUNCTION audit_chain_take(lock_key bigint, n integer)
RETURNS TABLE (ord integer, id bigint, at text, last text)
LANGUAGE plpgsql VOLATILE AS $$
DECLARE
  prev text;
BEGIN
  PERFORM pg_advisory_xact_lock(lock_key);
  SELECT e.hash INTO prev FROM audit_events e ORDER BY e.id DESC LIMIT 1;
  RETURN QUERY
    SELECT g.i - 1, nextval(pg_get_serial_sequence('audit_events', 'id')),
           to_char(clock_timestamp() AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.US"Z"'), prev
    FROM generate_series(1, n) AS g(i);
END
$$;
