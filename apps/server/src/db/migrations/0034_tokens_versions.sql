-- The users lists show whether an account's invitation or address change is pending: the links get a
-- version, so that a page of a users list can be kept under the versions of everything it reads.
INSERT INTO table_versions (name, version) VALUES ('one_time_tokens', floor(random() * 2^52)::bigint) ON CONFLICT (name) DO NOTHING;--> statement-breakpoint
CREATE TRIGGER one_time_tokens_version AFTER TRUNCATE ON one_time_tokens FOR EACH STATEMENT EXECUTE FUNCTION bump_table_version();--> statement-breakpoint
CREATE CONSTRAINT TRIGGER one_time_tokens_version_at_commit AFTER INSERT OR UPDATE OR DELETE ON one_time_tokens DEFERRABLE INITIALLY DEFERRED FOR EACH ROW EXECUTE FUNCTION bump_table_version_at_commit();
