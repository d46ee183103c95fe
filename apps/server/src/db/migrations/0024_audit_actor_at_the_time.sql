ALTER TABLE "audit_events" ADD COLUMN "actor_name" text;--> statement-breakpoint
ALTER TABLE "audit_events" ADD COLUMN "actor_email" text;--> statement-breakpoint
-- hand-written below: keep when regenerating
-- The seal's one exception (migration 0021) now also leaves the actor's name and email untouched.
CREATE OR REPLACE FUNCTION audit_events_append_only() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'UPDATE' AND OLD.hash IS NULL AND OLD.prev_hash IS NULL AND NEW.hash IS NOT NULL
     AND (NEW.id, NEW.occurred_at, NEW.actor_id, NEW.actor_name, NEW.actor_email, NEW.firm_id, NEW.action, NEW.entity, NEW.entity_id, NEW.changes, NEW.request_id)
         IS NOT DISTINCT FROM (OLD.id, OLD.occurred_at, OLD.actor_id, OLD.actor_name, OLD.actor_email, OLD.firm_id, OLD.action, OLD.entity, OLD.entity_id, OLD.changes, OLD.request_id) THEN
    RETURN NEW;
  END IF;
  RAISE EXCEPTION 'audit_events is append-only';
END;
$$;
