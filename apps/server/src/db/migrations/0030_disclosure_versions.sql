-- The disclosure delivery report ranks every client of a firm (what is current, what each received)
-- before its page: the order is kept per versions of the tables it reads, as the lists' are, so the
-- agreements, the disclosure versions and the receipts get a version each.
INSERT INTO table_versions (name, version) SELECT t, floor(random() * 2^52)::bigint FROM unnest(ARRAY['client_agreements', 'disclosure_documents', 'disclosure_deliveries']) AS t ON CONFLICT (name) DO NOTHING;--> statement-breakpoint
CREATE TRIGGER client_agreements_version AFTER TRUNCATE ON client_agreements FOR EACH STATEMENT EXECUTE FUNCTION bump_table_version();--> statement-breakpoint
CREATE CONSTRAINT TRIGGER client_agreements_version_at_commit AFTER INSERT OR UPDATE OR DELETE ON client_agreements DEFERRABLE INITIALLY DEFERRED FOR EACH ROW EXECUTE FUNCTION bump_table_version_at_commit();--> statement-breakpoint
CREATE TRIGGER disclosure_documents_version AFTER TRUNCATE ON disclosure_documents FOR EACH STATEMENT EXECUTE FUNCTION bump_table_version();--> statement-breakpoint
CREATE CONSTRAINT TRIGGER disclosure_documents_version_at_commit AFTER INSERT OR UPDATE OR DELETE ON disclosure_documents DEFERRABLE INITIALLY DEFERRED FOR EACH ROW EXECUTE FUNCTION bump_table_version_at_commit();--> statement-breakpoint
CREATE TRIGGER disclosure_deliveries_version AFTER TRUNCATE ON disclosure_deliveries FOR EACH STATEMENT EXECUTE FUNCTION bump_table_version();--> statement-breakpoint
CREATE CONSTRAINT TRIGGER disclosure_deliveries_version_at_commit AFTER INSERT OR UPDATE OR DELETE ON disclosure_deliveries DEFERRABLE INITIALLY DEFERRED FOR EACH ROW EXECUTE FUNCTION bump_table_version_at_commit();
