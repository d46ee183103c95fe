ALTER TABLE "one_time_tokens" ADD COLUMN "new_email" text;--> statement-breakpoint
ALTER TABLE "one_time_tokens" ADD COLUMN "requested_by_id" integer;--> statement-breakpoint
ALTER TABLE "disclosure_deliveries" ADD COLUMN "session_id" uuid;--> statement-breakpoint
ALTER TABLE "disclosure_deliveries" ADD COLUMN "ip" text;--> statement-breakpoint
ALTER TABLE "disclosure_deliveries" ADD COLUMN "user_agent" text;--> statement-breakpoint
ALTER TABLE "audit_events" ADD COLUMN "subject_id" integer;--> statement-breakpoint
ALTER TABLE "audit_events" ADD COLUMN "ip" text;--> statement-breakpoint
ALTER TABLE "audit_events" ADD COLUMN "user_agent" text;--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "email_verified_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "one_time_tokens" ADD CONSTRAINT "one_time_tokens_requested_by_id_users_id_fk" FOREIGN KEY ("requested_by_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "audit_events_subject_id_idx" ON "audit_events" USING btree ("subject_id","id");--> statement-breakpoint
-- hand-written below: keep when regenerating
-- Accounts that were activated before addresses were verified: their address is the one they use.
UPDATE "users" SET "email_verified_at" = coalesce("last_login", "updated_at")
  WHERE "is_active" OR "password_hash" IS NOT NULL OR "last_login" IS NOT NULL;--> statement-breakpoint
-- The seal's one exception (migration 0021) leaves the subject, address and user agent untouched too.
CREATE OR REPLACE FUNCTION audit_events_append_only() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'UPDATE' AND OLD.hash IS NULL AND OLD.prev_hash IS NULL AND NEW.hash IS NOT NULL
     AND (NEW.id, NEW.occurred_at, NEW.actor_id, NEW.actor_name, NEW.actor_email, NEW.firm_id, NEW.action, NEW.entity, NEW.entity_id, NEW.changes, NEW.request_id, NEW.subject_id, NEW.ip, NEW.user_agent)
         IS NOT DISTINCT FROM (OLD.id, OLD.occurred_at, OLD.actor_id, OLD.actor_name, OLD.actor_email, OLD.firm_id, OLD.action, OLD.entity, OLD.entity_id, OLD.changes, OLD.request_id, OLD.subject_id, OLD.ip, OLD.user_agent) THEN
    RETURN NEW;
  END IF;
  RAISE EXCEPTION 'audit_events is append-only';
END;
$$;
