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
CREATE TABLE "client_agreements" (
	"id" serial PRIMARY KEY NOT NULL,
	"portal_user_id" integer NOT NULL,
	"firm_id" integer NOT NULL,
	"name" text NOT NULL,
	"agreement_date" date NOT NULL,
	"form_type" text DEFAULT 'Individual Client' NOT NULL,
	"client_type" text DEFAULT 'Standard' NOT NULL,
	"client_name" text,
	"client_company_or_trust" text,
	"client_trustee_or_corporate_officer" text,
	"client_company_or_trust_tax_id" text,
	"client_home_street" text,
	"client_home_city" text,
	"client_home_state" text,
	"client_home_zip" text,
	"client_mailing_street" text,
	"client_mailing_city" text,
	"client_mailing_state" text,
	"client_mailing_zip" text,
	"client_work_street" text,
	"client_work_city" text,
	"client_work_state" text,
	"client_work_zip" text,
	"client_cell_phone" text,
	"client_business_phone" text,
	"client_home_phone" text,
	"client_email" text,
	"client_dob" text,
	"client_ssn" text,
	"client_mail_preference" text,
	"client_employment_status" text,
	"client_employer" text,
	"client_occupation" text,
	"client_employed_by_broker_dealer" boolean DEFAULT false NOT NULL,
	"client_senior_officer_of_public_company" boolean DEFAULT false NOT NULL,
	"client_public_company" text,
	"client_drivers_license" text,
	"client_drivers_license_issue_date" date,
	"client_drivers_license_issue_state" text,
	"client_drivers_license_expiration_date" date,
	"joint_name" text,
	"joint_company_or_trust" text,
	"joint_trustee_or_corporate_officer" text,
	"joint_company_or_trust_tax_id" text,
	"joint_home_street" text,
	"joint_home_city" text,
	"joint_home_state" text,
	"joint_home_zip" text,
	"joint_mailing_street" text,
	"joint_mailing_city" text,
	"joint_mailing_state" text,
	"joint_mailing_zip" text,
	"joint_work_street" text,
	"joint_work_city" text,
	"joint_work_state" text,
	"joint_work_zip" text,
	"joint_cell_phone" text,
	"joint_business_phone" text,
	"joint_home_phone" text,
	"joint_email" text,
	"joint_dob" text,
	"joint_ssn" text,
	"joint_mail_preference" text,
	"joint_employment_status" text,
	"joint_employer" text,
	"joint_occupation" text,
	"joint_employed_by_broker_dealer" boolean DEFAULT false NOT NULL,
	"joint_senior_officer_of_public_company" boolean DEFAULT false NOT NULL,
	"joint_public_company" text,
	"joint_drivers_license" text,
	"joint_drivers_license_issue_date" date,
	"joint_drivers_license_issue_state" text,
	"joint_drivers_license_expiration_date" date,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"created_by_id" integer,
	"updated_by_id" integer,
	CONSTRAINT "client_agreements_portal_user_id_unique" UNIQUE("portal_user_id")
);
--> statement-breakpoint
CREATE TABLE "investor_profiles" (
	"id" serial PRIMARY KEY NOT NULL,
	"portal_user_id" integer NOT NULL,
	"firm_id" integer NOT NULL,
	"relationship_time_horizon" text NOT NULL,
	"relationship_withdrawal_period" text NOT NULL,
	"percentage_withdrawal" text NOT NULL,
	"risk_tolerance" text NOT NULL,
	"sources_of_income" text NOT NULL,
	"percent_of_wealth" text NOT NULL,
	"investment_experience" text NOT NULL,
	"socially_responsible_investing" text NOT NULL,
	"asset_allocation" text NOT NULL,
	"status" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"created_by_id" integer,
	"updated_by_id" integer,
	CONSTRAINT "investor_profiles_portal_user_id_unique" UNIQUE("portal_user_id")
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
ALTER TABLE "client_agreements" ADD CONSTRAINT "client_agreements_portal_user_id_users_id_fk" FOREIGN KEY ("portal_user_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "client_agreements" ADD CONSTRAINT "client_agreements_firm_id_firms_id_fk" FOREIGN KEY ("firm_id") REFERENCES "public"."firms"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "client_agreements" ADD CONSTRAINT "client_agreements_created_by_id_users_id_fk" FOREIGN KEY ("created_by_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "client_agreements" ADD CONSTRAINT "client_agreements_updated_by_id_users_id_fk" FOREIGN KEY ("updated_by_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "investor_profiles" ADD CONSTRAINT "investor_profiles_portal_user_id_users_id_fk" FOREIGN KEY ("portal_user_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "investor_profiles" ADD CONSTRAINT "investor_profiles_firm_id_firms_id_fk" FOREIGN KEY ("firm_id") REFERENCES "public"."firms"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "investor_profiles" ADD CONSTRAINT "investor_profiles_created_by_id_users_id_fk" FOREIGN KEY ("created_by_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "investor_profiles" ADD CONSTRAINT "investor_profiles_updated_by_id_users_id_fk" FOREIGN KEY ("updated_by_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "disclosure_deliveries_version_key" ON "disclosure_deliveries" USING btree ("client_id","document_id") WHERE "disclosure_deliveries"."document_id" is not null;--> statement-breakpoint
CREATE UNIQUE INDEX "disclosure_deliveries_url_key" ON "disclosure_deliveries" USING btree ("client_id","kind","url") WHERE "disclosure_deliveries"."document_id" is null;--> statement-breakpoint
CREATE INDEX "disclosure_deliveries_client_idx" ON "disclosure_deliveries" USING btree ("client_id","kind","delivery_date");--> statement-breakpoint
CREATE INDEX "disclosure_deliveries_document_idx" ON "disclosure_deliveries" USING btree ("document_id");--> statement-breakpoint
CREATE INDEX "disclosure_documents_current_idx" ON "disclosure_documents" USING btree ("firm_id","kind","effective_date","uploaded_at");--> statement-breakpoint
CREATE INDEX "disclosure_notices_client_idx" ON "disclosure_notices" USING btree ("client_id","kind","sent_at");--> statement-breakpoint
CREATE INDEX "client_agreements_firm_idx" ON "client_agreements" USING btree ("firm_id");