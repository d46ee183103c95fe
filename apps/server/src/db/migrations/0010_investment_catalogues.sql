CREATE TABLE "fee_schedules" (
	"id" serial PRIMARY KEY NOT NULL,
	"name" text NOT NULL,
	"firm_id" integer NOT NULL,
	"financial_advisor_id" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"created_by_id" integer,
	"deleted_at" timestamp with time zone,
	"deleted_by_id" integer
);
--> statement-breakpoint
CREATE TABLE "firm_fee_schedules" (
	"id" serial PRIMARY KEY NOT NULL,
	"firm_id" integer NOT NULL,
	"fee_schedule_id" integer NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"created_by_id" integer,
	"deleted_at" timestamp with time zone,
	"deleted_by_id" integer
);
--> statement-breakpoint
CREATE TABLE "firm_models" (
	"id" serial PRIMARY KEY NOT NULL,
	"firm_id" integer NOT NULL,
	"investment_model_id" integer NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"created_by_id" integer,
	"deleted_at" timestamp with time zone,
	"deleted_by_id" integer
);
--> statement-breakpoint
CREATE TABLE "investment_models" (
	"id" serial PRIMARY KEY NOT NULL,
	"name" text NOT NULL,
	"firm_id" integer NOT NULL,
	"financial_advisor_id" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"created_by_id" integer,
	"deleted_at" timestamp with time zone,
	"deleted_by_id" integer
);
--> statement-breakpoint
ALTER TABLE "fee_schedules" ADD CONSTRAINT "fee_schedules_firm_id_firms_id_fk" FOREIGN KEY ("firm_id") REFERENCES "public"."firms"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "fee_schedules" ADD CONSTRAINT "fee_schedules_financial_advisor_id_users_id_fk" FOREIGN KEY ("financial_advisor_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "fee_schedules" ADD CONSTRAINT "fee_schedules_created_by_id_users_id_fk" FOREIGN KEY ("created_by_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "fee_schedules" ADD CONSTRAINT "fee_schedules_deleted_by_id_users_id_fk" FOREIGN KEY ("deleted_by_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "firm_fee_schedules" ADD CONSTRAINT "firm_fee_schedules_firm_id_firms_id_fk" FOREIGN KEY ("firm_id") REFERENCES "public"."firms"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "firm_fee_schedules" ADD CONSTRAINT "firm_fee_schedules_fee_schedule_id_fee_schedules_id_fk" FOREIGN KEY ("fee_schedule_id") REFERENCES "public"."fee_schedules"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "firm_fee_schedules" ADD CONSTRAINT "firm_fee_schedules_created_by_id_users_id_fk" FOREIGN KEY ("created_by_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "firm_fee_schedules" ADD CONSTRAINT "firm_fee_schedules_deleted_by_id_users_id_fk" FOREIGN KEY ("deleted_by_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "firm_models" ADD CONSTRAINT "firm_models_firm_id_firms_id_fk" FOREIGN KEY ("firm_id") REFERENCES "public"."firms"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "firm_models" ADD CONSTRAINT "firm_models_investment_model_id_investment_models_id_fk" FOREIGN KEY ("investment_model_id") REFERENCES "public"."investment_models"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "firm_models" ADD CONSTRAINT "firm_models_created_by_id_users_id_fk" FOREIGN KEY ("created_by_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "firm_models" ADD CONSTRAINT "firm_models_deleted_by_id_users_id_fk" FOREIGN KEY ("deleted_by_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "investment_models" ADD CONSTRAINT "investment_models_firm_id_firms_id_fk" FOREIGN KEY ("firm_id") REFERENCES "public"."firms"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "investment_models" ADD CONSTRAINT "investment_models_financial_advisor_id_users_id_fk" FOREIGN KEY ("financial_advisor_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "investment_models" ADD CONSTRAINT "investment_models_created_by_id_users_id_fk" FOREIGN KEY ("created_by_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "investment_models" ADD CONSTRAINT "investment_models_deleted_by_id_users_id_fk" FOREIGN KEY ("deleted_by_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "fee_schedules_firm_name_idx" ON "fee_schedules" USING btree ("firm_id","name","id") WHERE "fee_schedules"."deleted_at" is null;--> statement-breakpoint
CREATE INDEX "fee_schedules_firm_name_trgm_idx" ON "fee_schedules" USING gin ("firm_id","name" gin_trgm_ops) WITH (fastupdate=false) WHERE "fee_schedules"."deleted_at" is null;--> statement-breakpoint
CREATE INDEX "fee_schedules_advisor_idx" ON "fee_schedules" USING btree ("financial_advisor_id") WHERE "fee_schedules"."deleted_at" is null;--> statement-breakpoint
CREATE UNIQUE INDEX "firm_fee_schedules_live_pair_key" ON "firm_fee_schedules" USING btree ("firm_id","fee_schedule_id") WHERE "firm_fee_schedules"."deleted_at" is null;--> statement-breakpoint
CREATE INDEX "firm_fee_schedules_fee_schedule_idx" ON "firm_fee_schedules" USING btree ("fee_schedule_id") WHERE "firm_fee_schedules"."deleted_at" is null;--> statement-breakpoint
CREATE UNIQUE INDEX "firm_models_live_pair_key" ON "firm_models" USING btree ("firm_id","investment_model_id") WHERE "firm_models"."deleted_at" is null;--> statement-breakpoint
CREATE INDEX "firm_models_model_idx" ON "firm_models" USING btree ("investment_model_id") WHERE "firm_models"."deleted_at" is null;--> statement-breakpoint
CREATE INDEX "investment_models_firm_name_idx" ON "investment_models" USING btree ("firm_id","name","id") WHERE "investment_models"."deleted_at" is null;--> statement-breakpoint
CREATE INDEX "investment_models_firm_name_trgm_idx" ON "investment_models" USING gin ("firm_id","name" gin_trgm_ops) WITH (fastupdate=false) WHERE "investment_models"."deleted_at" is null;--> statement-breakpoint
CREATE INDEX "investment_models_advisor_idx" ON "investment_models" USING btree ("financial_advisor_id") WHERE "investment_models"."deleted_at" is null;--> statement-breakpoint
-- The catalogues' lists keep their counts under these tables' versions (as migration 0005's tables do).
INSERT INTO table_versions (name, version) SELECT t, floor(random() * 2^52)::bigint FROM unnest(ARRAY['investment_models', 'fee_schedules', 'firm_models', 'firm_fee_schedules']) AS t ON CONFLICT (name) DO NOTHING;--> statement-breakpoint
CREATE TRIGGER investment_models_version AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON investment_models FOR EACH STATEMENT EXECUTE FUNCTION bump_table_version();--> statement-breakpoint
CREATE TRIGGER fee_schedules_version AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON fee_schedules FOR EACH STATEMENT EXECUTE FUNCTION bump_table_version();--> statement-breakpoint
CREATE TRIGGER firm_models_version AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON firm_models FOR EACH STATEMENT EXECUTE FUNCTION bump_table_version();--> statement-breakpoint
CREATE TRIGGER firm_fee_schedules_version AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON firm_fee_schedules FOR EACH STATEMENT EXECUTE FUNCTION bump_table_version();
