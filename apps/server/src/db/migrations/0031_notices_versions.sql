-- A page of the disclosure delivery report shows, per client and document, the last notice sent about
-- the current version: the notices get a version, so that a page's cells can be kept under the versions
-- of everything they read.
INSERT INTO table_versions (name, version) VALUES ('disclosure_notices', floor(random() * 2^52)::bigint) ON CONFLICT (name) DO NOTHING;--> statement-breakpoint
CREATE TRIGGER disclosure_notices_version AFTER TRUNCATE ON disclosure_notices FOR EACH STATEMENT EXECUTE FUNCTION bump_table_version();--> statement-breakpoint
CREATE CONSTRAINT TRIGGER disclosure_notices_version_at_commit AFTER INSERT OR UPDATE OR DELETE ON disclosure_notices DEFERRABLE INITIALLY DEFERRED FOR EACH ROW EXECUTE FUNCTION bump_table_version_at_commit();
