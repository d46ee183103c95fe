CREATE TABLE "client_documents" (
	"id" serial PRIMARY KEY NOT NULL,
	"firm_id" integer NOT NULL,
	"client_id" integer NOT NULL,
	"file_name" text NOT NULL,
	"content_type" text NOT NULL,
	"category" text DEFAULT 'other' NOT NULL,
	"description" text,
	"storage_key" text NOT NULL,
	"size" integer NOT NULL,
	"sha256" text NOT NULL,
	"uploaded_by_id" integer,
	"uploaded_by_name" text,
	"uploaded_by_client" boolean NOT NULL,
	"uploaded_at" timestamp with time zone DEFAULT now() NOT NULL,
	"removed_at" timestamp with time zone,
	"removed_by_id" integer,
	CONSTRAINT "client_documents_storage_key_unique" UNIQUE("storage_key")
);
--> statement-breakpoint
CREATE TABLE "firm_links" (
	"id" serial PRIMARY KEY NOT NULL,
	"firm_id" integer NOT NULL,
	"kind" text NOT NULL,
	"label" text NOT NULL,
	"url" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "client_documents" ADD CONSTRAINT "client_documents_firm_id_firms_id_fk" FOREIGN KEY ("firm_id") REFERENCES "public"."firms"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "client_documents" ADD CONSTRAINT "client_documents_client_id_users_id_fk" FOREIGN KEY ("client_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "client_documents" ADD CONSTRAINT "client_documents_uploaded_by_id_users_id_fk" FOREIGN KEY ("uploaded_by_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "client_documents" ADD CONSTRAINT "client_documents_removed_by_id_users_id_fk" FOREIGN KEY ("removed_by_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "firm_links" ADD CONSTRAINT "firm_links_firm_id_firms_id_fk" FOREIGN KEY ("firm_id") REFERENCES "public"."firms"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "client_documents_client_idx" ON "client_documents" USING btree ("client_id","uploaded_at") WHERE "client_documents"."removed_at" is null;--> statement-breakpoint
CREATE UNIQUE INDEX "firm_links_label_key" ON "firm_links" USING btree ("firm_id","kind",lower("label"));--> statement-breakpoint
-- hand-written below: keep when regenerating
INSERT INTO table_versions (name, version) SELECT 'client_documents', floor(random() * 2^52)::bigint ON CONFLICT (name) DO NOTHING;--> statement-breakpoint
CREATE TRIGGER client_documents_version AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON client_documents FOR EACH STATEMENT EXECUTE FUNCTION bump_table_version();--> statement-breakpoint
INSERT INTO table_versions (name, version) SELECT 'firm_links', floor(random() * 2^52)::bigint ON CONFLICT (name) DO NOTHING;--> statement-breakpoint
CREATE TRIGGER firm_links_version AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON firm_links FOR EACH STATEMENT EXECUTE FUNCTION bump_table_version();
