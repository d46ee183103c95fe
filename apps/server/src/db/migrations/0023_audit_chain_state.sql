CREATE TABLE "audit_chain_state" (
	"id" boolean PRIMARY KEY DEFAULT true NOT NULL,
	"started_at" timestamp with time zone,
	CONSTRAINT "audit_chain_state_one_row" CHECK ("audit_chain_state"."id")
);
--> statement-breakpoint
CREATE INDEX "audit_events_unsealed_idx" ON "audit_events" USING btree ("id") WHERE "audit_events"."hash" is null;--> statement-breakpoint
-- hand-written below: keep when regenerating
-- The chain's start: already started where an event is sealed or none is recorded yet (a new database:
-- its first event is chained as it is written); pending only where every event predates the chain,
-- which the next start seals (platform/audit-chain.ts sealUnchainedEvents).
INSERT INTO audit_chain_state (id, started_at)
SELECT true, CASE WHEN EXISTS (SELECT 1 FROM audit_events) AND NOT EXISTS (SELECT 1 FROM audit_events WHERE hash IS NOT NULL)
                  THEN NULL ELSE now() END;--> statement-breakpoint
-- Once started, always started: the row is never re-inserted, removed or set back to pending.
CREATE FUNCTION audit_chain_state_once() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'UPDATE' AND OLD.started_at IS NULL AND NEW.started_at IS NOT NULL AND NEW.id = OLD.id THEN
    RETURN NEW;
  END IF;
  RAISE EXCEPTION 'audit_chain_state records the chain''s start once';
END;
$$;--> statement-breakpoint
CREATE TRIGGER audit_chain_state_once BEFORE INSERT OR UPDATE OR DELETE ON audit_chain_state
  FOR EACH ROW EXECUTE FUNCTION audit_chain_state_once();--> statement-breakpoint
CREATE TRIGGER audit_chain_state_no_truncate BEFORE TRUNCATE ON audit_chain_state
  FOR EACH STATEMENT EXECUTE FUNCTION audit_chain_state_once();
