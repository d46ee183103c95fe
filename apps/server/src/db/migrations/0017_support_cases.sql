CREATE SEQUENCE "public"."support_case_number_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1001 CACHE 1;--> statement-breakpoint
CREATE TABLE "support_case_replies" (
	"id" serial PRIMARY KEY NOT NULL,
	"case_id" integer NOT NULL,
	"author_id" integer,
	"author_name" text,
	"from_support" boolean NOT NULL,
	"body" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "support_cases" (
	"id" serial PRIMARY KEY NOT NULL,
	"case_number" text DEFAULT lpad(nextval('support_case_number_seq')::text, 8, '0') NOT NULL,
	"firm_id" integer NOT NULL,
	"submitter_id" integer NOT NULL,
	"submitter_name" text,
	"submitter_email" text,
	"subject" text NOT NULL,
	"status" text DEFAULT 'New' NOT NULL,
	"category" text NOT NULL,
	"type" text,
	"priority" text,
	"reason" text,
	"description" text,
	"origin" text DEFAULT 'Web' NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"closed_at" timestamp with time zone,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "support_cases_case_number_unique" UNIQUE("case_number")
);
--> statement-breakpoint
ALTER TABLE "profiles" ADD COLUMN "is_support_handler" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "support_case_replies" ADD CONSTRAINT "support_case_replies_case_id_support_cases_id_fk" FOREIGN KEY ("case_id") REFERENCES "public"."support_cases"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "support_case_replies" ADD CONSTRAINT "support_case_replies_author_id_users_id_fk" FOREIGN KEY ("author_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "support_cases" ADD CONSTRAINT "support_cases_firm_id_firms_id_fk" FOREIGN KEY ("firm_id") REFERENCES "public"."firms"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "support_cases" ADD CONSTRAINT "support_cases_submitter_id_users_id_fk" FOREIGN KEY ("submitter_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "support_case_replies_case_idx" ON "support_case_replies" USING btree ("case_id","created_at","id");--> statement-breakpoint
CREATE INDEX "support_cases_firm_created_idx" ON "support_cases" USING btree ("firm_id","created_at" DESC NULLS LAST,"id");--> statement-breakpoint
CREATE INDEX "support_cases_firm_category_created_idx" ON "support_cases" USING btree ("firm_id","category","created_at" DESC NULLS LAST,"id");--> statement-breakpoint
CREATE INDEX "support_cases_submitter_created_idx" ON "support_cases" USING btree ("submitter_id","created_at" DESC NULLS LAST,"id");--> statement-breakpoint
CREATE INDEX "support_cases_created_idx" ON "support_cases" USING btree ("created_at" DESC NULLS LAST,"id");--> statement-breakpoint
CREATE INDEX "support_cases_search_trgm_idx" ON "support_cases" USING gin ("firm_id",(coalesce("case_number", '') || chr(10) || coalesce("subject", '') || chr(10) || coalesce("submitter_name", '') || chr(10) || coalesce("submitter_email", '')) gin_trgm_ops) WITH (fastupdate=false);--> statement-breakpoint
-- hand-written below: keep when regenerating
-- The cases' list and a case's conversation keep their counts under these tables' versions (as migration 0005's tables do).
INSERT INTO table_versions (name, version) SELECT t, floor(random() * 2^52)::bigint FROM unnest(ARRAY['support_cases', 'support_case_replies']) AS t ON CONFLICT (name) DO NOTHING;--> statement-breakpoint
CREATE TRIGGER support_cases_version AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON support_cases FOR EACH STATEMENT EXECUTE FUNCTION bump_table_version();--> statement-breakpoint
CREATE TRIGGER support_case_replies_version AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON support_case_replies FOR EACH STATEMENT EXECUTE FUNCTION bump_table_version();
