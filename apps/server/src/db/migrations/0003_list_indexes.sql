-- The users search's trigram index needs pg_trgm (a trusted extension: a database owner may create it).
CREATE EXTENSION IF NOT EXISTS pg_trgm;--> statement-breakpoint
DROP INDEX "users_name_idx";--> statement-breakpoint
CREATE INDEX "users_live_name_idx" ON "users" USING btree ("last_name","first_name","id") WHERE "users"."deleted_at" is null;--> statement-breakpoint
CREATE INDEX "users_live_name_trgm_idx" ON "users" USING gin ((coalesce("first_name", '') || ' ' || coalesce("last_name", '')) gin_trgm_ops) WITH (fastupdate=false) WHERE "users"."deleted_at" is null;