CREATE TABLE "table_versions" (
	"name" text PRIMARY KEY NOT NULL,
	"version" bigint DEFAULT 0 NOT NULL
);
--> statement-breakpoint
-- Versions start at random: a count cached for one database is never taken for another's (tests run many).
INSERT INTO table_versions (name, version) SELECT t, floor(random() * 2^52)::bigint FROM unnest(ARRAY['users', 'profiles', 'firms', 'quarterly_attestations', 'supervised_persons']) AS t;
--> statement-breakpoint
CREATE FUNCTION bump_table_version() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO table_versions (name, version) VALUES (TG_TABLE_NAME, floor(random() * 2^52)::bigint)
    ON CONFLICT (name) DO UPDATE SET version = table_versions.version + 1;
  RETURN NULL;
END;
$$;
--> statement-breakpoint
CREATE TRIGGER users_version AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON users FOR EACH STATEMENT EXECUTE FUNCTION bump_table_version();
--> statement-breakpoint
CREATE TRIGGER profiles_version AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON profiles FOR EACH STATEMENT EXECUTE FUNCTION bump_table_version();
--> statement-breakpoint
CREATE TRIGGER firms_version AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON firms FOR EACH STATEMENT EXECUTE FUNCTION bump_table_version();
--> statement-breakpoint
CREATE TRIGGER quarterly_attestations_version AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON quarterly_attestations FOR EACH STATEMENT EXECUTE FUNCTION bump_table_version();
--> statement-breakpoint
CREATE TRIGGER supervised_persons_version AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON supervised_persons FOR EACH STATEMENT EXECUTE FUNCTION bump_table_version();
