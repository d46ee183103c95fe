CREATE TABLE "training_resource_acknowledgements" (
	"id" serial PRIMARY KEY NOT NULL,
	"resource_id" integer NOT NULL,
	"version" integer NOT NULL,
	"user_id" integer NOT NULL,
	"acknowledged_on" date NOT NULL,
	"acknowledged_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "training_resource_versions" (
	"id" serial PRIMARY KEY NOT NULL,
	"resource_id" integer NOT NULL,
	"version" integer NOT NULL,
	"kind" text NOT NULL,
	"url" text,
	"file_name" text,
	"storage_key" text,
	"content_type" text,
	"size" integer,
	"sha256" text,
	"uploaded_by_id" integer,
	"uploaded_by_name" text,
	"uploaded_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "training_resource_versions_storage_key_unique" UNIQUE("storage_key")
);
--> statement-breakpoint
CREATE TABLE "training_resources" (
	"id" serial PRIMARY KEY NOT NULL,
	"firm_id" integer NOT NULL,
	"category" text NOT NULL,
	"name" text NOT NULL,
	"version" integer DEFAULT 1 NOT NULL,
	"acknowledgement" text,
	"created_by_id" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"deleted_at" timestamp with time zone,
	"deleted_by_id" integer
);
--> statement-breakpoint
ALTER TABLE "training_resource_acknowledgements" ADD CONSTRAINT "training_resource_acknowledgements_resource_id_training_resources_id_fk" FOREIGN KEY ("resource_id") REFERENCES "public"."training_resources"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "training_resource_acknowledgements" ADD CONSTRAINT "training_resource_acknowledgements_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "training_resource_versions" ADD CONSTRAINT "training_resource_versions_resource_id_training_resources_id_fk" FOREIGN KEY ("resource_id") REFERENCES "public"."training_resources"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "training_resource_versions" ADD CONSTRAINT "training_resource_versions_uploaded_by_id_users_id_fk" FOREIGN KEY ("uploaded_by_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "training_resources" ADD CONSTRAINT "training_resources_firm_id_firms_id_fk" FOREIGN KEY ("firm_id") REFERENCES "public"."firms"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "training_resources" ADD CONSTRAINT "training_resources_created_by_id_users_id_fk" FOREIGN KEY ("created_by_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "training_resources" ADD CONSTRAINT "training_resources_deleted_by_id_users_id_fk" FOREIGN KEY ("deleted_by_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "training_resource_acknowledgements_key" ON "training_resource_acknowledgements" USING btree ("resource_id","version","user_id");--> statement-breakpoint
CREATE INDEX "training_resource_acknowledgements_user_idx" ON "training_resource_acknowledgements" USING btree ("user_id","resource_id");--> statement-breakpoint
CREATE UNIQUE INDEX "training_resource_versions_key" ON "training_resource_versions" USING btree ("resource_id","version");--> statement-breakpoint
CREATE INDEX "training_resources_firm_category_idx" ON "training_resources" USING btree ("firm_id","category","name","id") WHERE "training_resources"."deleted_at" is null;--> statement-breakpoint
-- hand-written below: keep when regenerating
-- The resources list and the acknowledgement report keep their counts under these tables' versions.
INSERT INTO table_versions (name, version) SELECT t, floor(random() * 2^52)::bigint FROM unnest(ARRAY['training_resources', 'training_resource_acknowledgements']) AS t ON CONFLICT (name) DO NOTHING;--> statement-breakpoint
CREATE TRIGGER training_resources_version AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON training_resources FOR EACH STATEMENT EXECUTE FUNCTION bump_table_version();--> statement-breakpoint
CREATE TRIGGER training_resource_acknowledgements_version AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON training_resource_acknowledgements FOR EACH STATEMENT EXECUTE FUNCTION bump_table_version();
