ALTER TABLE "sso_service_providers" ALTER COLUMN "name_id_format" SET DEFAULT 'persistent';--> statement-breakpoint
-- hand-written below: keep when regenerating
-- An entity ID registered more than once (by two firms, or twice by one, in any case): the oldest
-- registration keeps it; each later one is turned off and its entity ID marked, so no assertion is
-- aimed at the provider through it and its firm sees what to fix.
UPDATE "sso_service_providers" AS sp
   SET "is_active" = false,
       "entity_id" = sp."entity_id" || '#duplicate-' || sp."id",
       "updated_at" = now()
  FROM (
    SELECT "id", row_number() OVER (PARTITION BY lower("entity_id") ORDER BY "created_at", "id") AS "rank"
      FROM "sso_service_providers"
  ) AS ranked
 WHERE ranked."id" = sp."id" AND ranked."rank" > 1;--> statement-breakpoint
-- The NameID is persistent for every provider now; the email and the user number are no longer sent.
UPDATE "sso_service_providers" SET "name_id_format" = 'persistent';--> statement-breakpoint
-- Generated above the hand-written part, moved here: it can be built only once the duplicates are gone.
CREATE UNIQUE INDEX "sso_service_providers_entity_key" ON "sso_service_providers" USING btree (lower("entity_id"));
