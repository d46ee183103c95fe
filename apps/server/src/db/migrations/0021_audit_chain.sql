ALTER TABLE "audit_events" ADD COLUMN "prev_hash" text;--> statement-breakpoint
ALTER TABLE "audit_events" ADD COLUMN "hash" text;--> statement-breakpoint
CREATE INDEX "audit_events_firm_id_idx" ON "audit_events" USING btree ("firm_id","id");--> statement-breakpoint
CREATE INDEX "audit_events_actor_id_idx" ON "audit_events" USING btree ("actor_id","id");--> statement-breakpoint
CREATE INDEX "audit_events_entity_id_order_idx" ON "audit_events" USING btree ("entity","id");--> statement-breakpoint
CREATE INDEX "audit_events_action_id_idx" ON "audit_events" USING btree ("action","id");--> statement-breakpoint
CREATE INDEX "audit_events_occurred_at_idx" ON "audit_events" USING btree ("occurred_at");--> statement-breakpoint
-- hand-written below: keep when regenerating
-- The audit trail's list keeps its count under this table's version (as migration 0005's tables do).
INSERT INTO table_versions (name, version) VALUES ('audit_events', floor(random() * 2^52)::bigint) ON CONFLICT (name) DO NOTHING;--> statement-breakpoint
CREATE TRIGGER audit_events_version AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON audit_events FOR EACH STATEMENT EXECUTE FUNCTION bump_table_version();--> statement-breakpoint
-- Still append-only, with one exception: the first start after this migration seals the events recorded
-- before the chain (platform/audit-chain.ts), filling their hash columns from null and nothing else.
CREATE OR REPLACE FUNCTION audit_events_append_only() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'UPDATE' AND OLD.hash IS NULL AND OLD.prev_hash IS NULL AND NEW.hash IS NOT NULL
     AND (NEW.id, NEW.occurred_at, NEW.actor_id, NEW.firm_id, NEW.action, NEW.entity, NEW.entity_id, NEW.changes, NEW.request_id)
         IS NOT DISTINCT FROM (OLD.id, OLD.occurred_at, OLD.actor_id, OLD.firm_id, OLD.action, OLD.entity, OLD.entity_id, OLD.changes, OLD.request_id) THEN
    RETURN NEW;
  END IF;
  RAISE EXCEPTION 'audit_events is append-only';
END;
$$;
