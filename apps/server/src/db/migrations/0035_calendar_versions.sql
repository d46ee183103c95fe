-- A calendar range is answered from memory while nothing it shows was written: the events get a version.
INSERT INTO table_versions (name, version) VALUES ('calendar_events', floor(random() * 2^52)::bigint) ON CONFLICT (name) DO NOTHING;--> statement-breakpoint
CREATE TRIGGER calendar_events_version AFTER TRUNCATE ON calendar_events FOR EACH STATEMENT EXECUTE FUNCTION bump_table_version();--> statement-breakpoint
CREATE CONSTRAINT TRIGGER calendar_events_version_at_commit AFTER INSERT OR UPDATE OR DELETE ON calendar_events DEFERRABLE INITIALLY DEFERRED FOR EACH ROW EXECUTE FUNCTION bump_table_version_at_commit();
