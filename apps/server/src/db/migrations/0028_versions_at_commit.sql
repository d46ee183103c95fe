-- A table's version moves when a transaction that wrote it commits, not when it writes: the bump of a
-- table's one row of table_versions holds that row's lock until the commit, so two writes of the same
-- table (two support cases, two sign-ins) waited for each other from the first one's statement to its
-- commit. Bumped by a deferred trigger, once per table and transaction, the lock is held for the commit
-- alone. TRUNCATE fires no row trigger: it keeps the statement trigger.
CREATE FUNCTION bump_table_version_at_commit() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF current_setting('portal.version_bumped.' || TG_TABLE_NAME, true) IS DISTINCT FROM '1' THEN
    PERFORM set_config('portal.version_bumped.' || TG_TABLE_NAME, '1', true);
    INSERT INTO table_versions (name, version) VALUES (TG_TABLE_NAME, floor(random() * 2^52)::bigint)
      ON CONFLICT (name) DO UPDATE SET version = table_versions.version + 1;
  END IF;
  RETURN NULL;
END;
$$;
--> statement-breakpoint
DO $$
DECLARE t text;
BEGIN
  FOR t IN SELECT c.relname FROM pg_trigger g JOIN pg_class c ON c.oid = g.tgrelid
      JOIN pg_proc p ON p.oid = g.tgfoid
      WHERE p.proname = 'bump_table_version' AND NOT g.tgisinternal AND g.tgname = c.relname || '_version'
  LOOP
    EXECUTE format('DROP TRIGGER %I ON %I', t || '_version', t);
    EXECUTE format('CREATE TRIGGER %I AFTER TRUNCATE ON %I FOR EACH STATEMENT EXECUTE FUNCTION bump_table_version()', t || '_version', t);
    EXECUTE format('CREATE CONSTRAINT TRIGGER %I AFTER INSERT OR UPDATE OR DELETE ON %I DEFERRABLE INITIALLY DEFERRED FOR EACH ROW EXECUTE FUNCTION bump_table_version_at_commit()', t || '_version_at_commit', t);
  END LOOP;
END;
$$;
