-- btree_gin lets one GIN index hold the firm (a plain integer) beside the name's trigrams (a trusted
-- extension, like pg_trgm: a database owner may create it).
CREATE EXTENSION IF NOT EXISTS btree_gin;--> statement-breakpoint
DROP INDEX "attestations_name_trgm_idx";--> statement-breakpoint
CREATE INDEX "attestations_firm_name_trgm_idx" ON "quarterly_attestations" USING gin ("firm_id","name" gin_trgm_ops) WITH (fastupdate=false) WHERE "quarterly_attestations"."deleted_at" is null;
