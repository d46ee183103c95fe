CREATE TABLE "cash_requests" (
	"id" serial PRIMARY KEY NOT NULL,
	"firm_id" integer NOT NULL,
	"client_id" integer NOT NULL,
	"submitter_id" integer NOT NULL,
	"submitter_email" text,
	"submitter_first_name" text,
	"submitter_last_name" text,
	"status" text DEFAULT 'Submitted' NOT NULL,
	"status_reason" text,
	"account_name" text NOT NULL,
	"account_number" text NOT NULL,
	"custodian" text NOT NULL,
	"advisor_name" text,
	"relationship_name" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"request_type" text NOT NULL,
	"amount" numeric(14, 2) NOT NULL,
	"notes" text
);
--> statement-breakpoint
CREATE TABLE "investment_strategies" (
	"id" serial PRIMARY KEY NOT NULL,
	"firm_id" integer NOT NULL,
	"client_id" integer NOT NULL,
	"submitter_id" integer NOT NULL,
	"submitter_email" text,
	"submitter_first_name" text,
	"submitter_last_name" text,
	"status" text DEFAULT 'Submitted' NOT NULL,
	"status_reason" text,
	"account_name" text NOT NULL,
	"account_number" text NOT NULL,
	"custodian" text NOT NULL,
	"advisor_name" text,
	"relationship_name" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"master_code" text NOT NULL,
	"fee_schedule_id" integer NOT NULL,
	"fee_schedule_name" text,
	"fee_minimum" numeric(14, 2) NOT NULL,
	"client_name" text NOT NULL,
	"client_street" text NOT NULL,
	"client_city" text NOT NULL,
	"client_state" text NOT NULL,
	"client_zip_code" text NOT NULL,
	"client_email" text NOT NULL,
	"joint_client_name" text,
	"joint_client_street" text,
	"joint_client_city" text,
	"joint_client_state" text,
	"joint_client_zip_code" text,
	"joint_client_email" text,
	"has_received_form_adv" boolean DEFAULT false NOT NULL,
	"has_signed_ips" boolean DEFAULT false NOT NULL,
	"investment_model_id" integer NOT NULL,
	"investment_model_name" text,
	"trading_authority" text NOT NULL,
	"cash_target_percentage" numeric(5, 2),
	"cash_target_dollars" numeric(14, 2),
	"is_cash_distributions" boolean DEFAULT false NOT NULL,
	"amount" numeric(14, 2),
	"cash_management_frequency" text,
	"cash_management_notes" text
);
--> statement-breakpoint
ALTER TABLE "cash_requests" ADD CONSTRAINT "cash_requests_firm_id_firms_id_fk" FOREIGN KEY ("firm_id") REFERENCES "public"."firms"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "cash_requests" ADD CONSTRAINT "cash_requests_client_id_users_id_fk" FOREIGN KEY ("client_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "cash_requests" ADD CONSTRAINT "cash_requests_submitter_id_users_id_fk" FOREIGN KEY ("submitter_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "investment_strategies" ADD CONSTRAINT "investment_strategies_firm_id_firms_id_fk" FOREIGN KEY ("firm_id") REFERENCES "public"."firms"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "investment_strategies" ADD CONSTRAINT "investment_strategies_client_id_users_id_fk" FOREIGN KEY ("client_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "investment_strategies" ADD CONSTRAINT "investment_strategies_submitter_id_users_id_fk" FOREIGN KEY ("submitter_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "investment_strategies" ADD CONSTRAINT "investment_strategies_fee_schedule_id_fee_schedules_id_fk" FOREIGN KEY ("fee_schedule_id") REFERENCES "public"."fee_schedules"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "investment_strategies" ADD CONSTRAINT "investment_strategies_investment_model_id_investment_models_id_fk" FOREIGN KEY ("investment_model_id") REFERENCES "public"."investment_models"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "cash_requests_firm_created_idx" ON "cash_requests" USING btree ("firm_id","created_at" DESC NULLS LAST,"id");--> statement-breakpoint
CREATE INDEX "cash_requests_firm_status_created_idx" ON "cash_requests" USING btree ("firm_id","status","created_at" DESC NULLS LAST,"id");--> statement-breakpoint
CREATE INDEX "cash_requests_submitter_created_idx" ON "cash_requests" USING btree ("submitter_id","created_at" DESC NULLS LAST,"id");--> statement-breakpoint
CREATE INDEX "cash_requests_created_idx" ON "cash_requests" USING btree ("created_at" DESC NULLS LAST,"id");--> statement-breakpoint
CREATE INDEX "cash_requests_client_idx" ON "cash_requests" USING btree ("client_id");--> statement-breakpoint
CREATE INDEX "cash_requests_search_trgm_idx" ON "cash_requests" USING gin ("firm_id",(coalesce("account_name", '') || chr(10) || coalesce("account_number", '') || chr(10) || coalesce("custodian", '') || chr(10) || coalesce("relationship_name", '')) gin_trgm_ops) WITH (fastupdate=false);--> statement-breakpoint
CREATE INDEX "investment_strategies_firm_created_idx" ON "investment_strategies" USING btree ("firm_id","created_at" DESC NULLS LAST,"id");--> statement-breakpoint
CREATE INDEX "investment_strategies_firm_status_created_idx" ON "investment_strategies" USING btree ("firm_id","status","created_at" DESC NULLS LAST,"id");--> statement-breakpoint
CREATE INDEX "investment_strategies_submitter_created_idx" ON "investment_strategies" USING btree ("submitter_id","created_at" DESC NULLS LAST,"id");--> statement-breakpoint
CREATE INDEX "investment_strategies_created_idx" ON "investment_strategies" USING btree ("created_at" DESC NULLS LAST,"id");--> statement-breakpoint
CREATE INDEX "investment_strategies_client_idx" ON "investment_strategies" USING btree ("client_id");--> statement-breakpoint
CREATE INDEX "investment_strategies_search_trgm_idx" ON "investment_strategies" USING gin ("firm_id",(coalesce("account_name", '') || chr(10) || coalesce("account_number", '') || chr(10) || coalesce("master_code", '') || chr(10) || coalesce("custodian", '') || chr(10) || coalesce("relationship_name", '') || chr(10) || coalesce("client_name", '')) gin_trgm_ops) WITH (fastupdate=false);--> statement-breakpoint
CREATE INDEX "investment_strategies_fee_schedule_idx" ON "investment_strategies" USING btree ("fee_schedule_id");--> statement-breakpoint
CREATE INDEX "investment_strategies_model_idx" ON "investment_strategies" USING btree ("investment_model_id");--> statement-breakpoint
-- The requests' lists keep their counts under these tables' versions (as migration 0005's tables do).
INSERT INTO table_versions (name, version) SELECT t, floor(random() * 2^52)::bigint FROM unnest(ARRAY['investment_strategies', 'cash_requests']) AS t ON CONFLICT (name) DO NOTHING;--> statement-breakpoint
CREATE TRIGGER investment_strategies_version AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON investment_strategies FOR EACH STATEMENT EXECUTE FUNCTION bump_table_version();--> statement-breakpoint
CREATE TRIGGER cash_requests_version AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON cash_requests FOR EACH STATEMENT EXECUTE FUNCTION bump_table_version();
