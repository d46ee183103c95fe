CREATE TABLE "disclosure_deliveries" (
	"id" serial PRIMARY KEY NOT NULL,
	"firm_id" integer NOT NULL,
	"client_id" integer NOT NULL,
	"kind" text NOT NULL,
	"document_id" integer,
	"url" text,
	"delivery_date" date NOT NULL,
	"delivered_at" timestamp with time zone DEFAULT now() NOT NULL,
	"method" text DEFAULT 'portal' NOT NULL
);
--> statement-breakpoint
CREATE TABLE "disclosure_documents" (
	"id" serial PRIMARY KEY NOT NULL,
	"firm_id" integer NOT NULL,
	"kind" text NOT NULL,
	"effective_date" date NOT NULL,
	"material_change" boolean DEFAULT false NOT NULL,
	"file_name" text NOT NULL,
	"storage_key" text NOT NULL,
	"size" integer NOT NULL,
	"sha256" text NOT NULL,
	"uploaded_by_id" integer,
	"uploaded_by_name" text,
	"uploaded_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "disclosure_documents_storage_key_unique" UNIQUE("storage_key")
);
--> statement-breakpoint
CREATE TABLE "disclosure_notices" (
	"id" serial PRIMARY KEY NOT NULL,
	"firm_id" integer NOT NULL,
	"client_id" integer NOT NULL,
	"kind" text NOT NULL,
	"document_id" integer,
	"url" text,
	"sent_at" timestamp with time zone DEFAULT now() NOT NULL,
	"sent_by_id" integer
);
--> statement-breakpoint
ALTER TABLE "disclosure_deliveries" ADD CONSTRAINT "disclosure_deliveries_firm_id_firms_id_fk" FOREIGN KEY ("firm_id") REFERENCES "public"."firms"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "disclosure_deliveries" ADD CONSTRAINT "disclosure_deliveries_client_id_users_id_fk" FOREIGN KEY ("client_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "disclosure_deliveries" ADD CONSTRAINT "disclosure_deliveries_document_id_disclosure_documents_id_fk" FOREIGN KEY ("document_id") REFERENCES "public"."disclosure_documents"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "disclosure_documents" ADD CONSTRAINT "disclosure_documents_firm_id_firms_id_fk" FOREIGN KEY ("firm_id") REFERENCES "public"."firms"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "disclosure_documents" ADD CONSTRAINT "disclosure_documents_uploaded_by_id_users_id_fk" FOREIGN KEY ("uploaded_by_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "disclosure_notices" ADD CONSTRAINT "disclosure_notices_firm_id_firms_id_fk" FOREIGN KEY ("firm_id") REFERENCES "public"."firms"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "disclosure_notices" ADD CONSTRAINT "disclosure_notices_client_id_users_id_fk" FOREIGN KEY ("client_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "disclosure_notices" ADD CONSTRAINT "disclosure_notices_document_id_disclosure_documents_id_fk" FOREIGN KEY ("document_id") REFERENCES "public"."disclosure_documents"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "disclosure_notices" ADD CONSTRAINT "disclosure_notices_sent_by_id_users_id_fk" FOREIGN KEY ("sent_by_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "disclosure_deliveries_version_key" ON "disclosure_deliveries" USING btree ("client_id","document_id") WHERE "disclosure_deliveries"."document_id" is not null;--> statement-breakpoint
CREATE UNIQUE INDEX "disclosure_deliveries_url_key" ON "disclosure_deliveries" USING btree ("client_id","kind","url") WHERE "disclosure_deliveries"."document_id" is null;--> statement-breakpoint
CREATE INDEX "disclosure_deliveries_client_idx" ON "disclosure_deliveries" USING btree ("client_id","kind","delivery_date");--> statement-breakpoint
CREATE INDEX "disclosure_deliveries_document_idx" ON "disclosure_deliveries" USING btree ("document_id");--> statement-breakpoint
CREATE INDEX "disclosure_documents_current_idx" ON "disclosure_documents" USING btree ("firm_id","kind","effective_date","uploaded_at");--> statement-breakpoint
CREATE INDEX "disclosure_notices_client_idx" ON "disclosure_notices" USING btree ("client_id","kind","sent_at");