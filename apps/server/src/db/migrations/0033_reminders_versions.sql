-- The submission status list shows when each person was last reminded: the reminders get a version, so
-- that a page of the list can be kept under the versions of everything it reads.
INSERT INTO table_versions (name, version) VALUES ('attestation_reminders', floor(random() * 2^52)::bigint) ON CONFLICT (name) DO NOTHING;--> statement-breakpoint
CREATE TRIGGER attestation_reminders_version AFTER TRUNCATE ON attestation_reminders FOR EACH STATEMENT EXECUTE FUNCTION bump_table_version();--> statement-breakpoint
CREATE CONSTRAINT TRIGGER attestation_reminders_version_at_commit AFTER INSERT OR UPDATE OR DELETE ON attestation_reminders DEFERRABLE INITIALLY DEFERRED FOR EACH ROW EXECUTE FUNCTION bump_table_version_at_commit();
