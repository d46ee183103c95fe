CREATE TABLE "quarterly_attestations" (
	"id" serial PRIMARY KEY NOT NULL,
	"name" text NOT NULL,
	"owner_id" integer NOT NULL,
	"firm_id" integer NOT NULL,
	"firm_name" text,
	"firm_abbreviation" text,
	"fiscal_year" smallint NOT NULL,
	"fiscal_quarter" smallint NOT NULL,
	"status" text DEFAULT 'Submitted' NOT NULL,
	"submitted_date" date NOT NULL,
	"reviewed_date" date,
	"reviewed_by_id" integer,
	"reviewed_by_name" text,
	"over_de_minimis" boolean DEFAULT false NOT NULL,
	"first_name" text NOT NULL,
	"middle_name" text,
	"last_name" text NOT NULL,
	"job_title" text,
	"employment_date" date NOT NULL,
	"work_phone" text,
	"home_phone" text,
	"mobile_phone" text,
	"work_email" text,
	"personal_email" text,
	"address_line_1" text,
	"address_line_2" text,
	"city" text,
	"state" text,
	"zip_code" text,
	"crd_number" text,
	"insurance_license" text,
	"broker_dealer" text,
	"states_registered" text,
	"states_clients_reside" text,
	"cfp" boolean DEFAULT false NOT NULL,
	"chfc" boolean DEFAULT false NOT NULL,
	"cfa" boolean DEFAULT false NOT NULL,
	"pfs" boolean DEFAULT false NOT NULL,
	"cic" boolean DEFAULT false NOT NULL,
	"cka" boolean DEFAULT false NOT NULL,
	"series_7" boolean DEFAULT false NOT NULL,
	"series_24" boolean DEFAULT false NOT NULL,
	"series_65" boolean DEFAULT false NOT NULL,
	"series_66" boolean DEFAULT false NOT NULL,
	"other_qualifications" text,
	"solicitor_referral_relationships" text DEFAULT 'false' NOT NULL,
	"non_advisory_compensation_arrangements" text DEFAULT 'false' NOT NULL,
	"is_covered_associate" text DEFAULT 'false' NOT NULL,
	"is_access_person" text DEFAULT 'false' NOT NULL,
	"linkedin" boolean DEFAULT false NOT NULL,
	"facebook" boolean DEFAULT false NOT NULL,
	"twitter" boolean DEFAULT false NOT NULL,
	"youtube" boolean DEFAULT false NOT NULL,
	"other_social_media" text,
	"business_relationships" text,
	"serves_as" text,
	"has_reported_previous_securities" boolean DEFAULT true NOT NULL,
	"ia_manual_attestation_date" date,
	"code_of_ethics_attestation_date" date,
	"has_received_gratuities" boolean DEFAULT true NOT NULL,
	"is_compliant" boolean DEFAULT true NOT NULL,
	"has_not_used_personal_device" boolean DEFAULT false NOT NULL,
	"deleted_at" timestamp with time zone,
	"deleted_by_id" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "outside_business_activities" (
	"id" serial PRIMARY KEY NOT NULL,
	"attestation_id" integer NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"name" text NOT NULL,
	"approved_by" text NOT NULL,
	"approved_date" date NOT NULL
);
--> statement-breakpoint
CREATE TABLE "personal_securities" (
	"id" serial PRIMARY KEY NOT NULL,
	"attestation_id" integer NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"account_owner" text NOT NULL,
	"account_number" text NOT NULL,
	"account_type" text,
	"custodian" text NOT NULL
);
--> statement-breakpoint
CREATE TABLE "political_contributions" (
	"id" serial PRIMARY KEY NOT NULL,
	"attestation_id" integer NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"amount" numeric(14, 2) NOT NULL,
	"candidate_name" text NOT NULL,
	"political_race" text NOT NULL,
	"election_date" date NOT NULL,
	"may_vote" boolean DEFAULT false NOT NULL,
	"approved_by" text NOT NULL,
	"approved_date" date NOT NULL,
	"over_de_minimis" boolean DEFAULT false NOT NULL
);
--> statement-breakpoint
CREATE TABLE "supervised_persons" (
	"id" serial PRIMARY KEY NOT NULL,
	"user_id" integer NOT NULL,
	"has_to_submit_personal_securities" boolean DEFAULT false NOT NULL,
	"has_to_submit_outside_business_activities" boolean DEFAULT false NOT NULL,
	"has_to_submit_political_contributions" boolean DEFAULT false NOT NULL,
	"added_by_id" integer,
	"removed_at" timestamp with time zone,
	"removed_by_id" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "quarterly_attestations" ADD CONSTRAINT "quarterly_attestations_owner_id_users_id_fk" FOREIGN KEY ("owner_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "quarterly_attestations" ADD CONSTRAINT "quarterly_attestations_firm_id_firms_id_fk" FOREIGN KEY ("firm_id") REFERENCES "public"."firms"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "quarterly_attestations" ADD CONSTRAINT "quarterly_attestations_reviewed_by_id_users_id_fk" FOREIGN KEY ("reviewed_by_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "quarterly_attestations" ADD CONSTRAINT "quarterly_attestations_deleted_by_id_users_id_fk" FOREIGN KEY ("deleted_by_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "outside_business_activities" ADD CONSTRAINT "outside_business_activities_attestation_id_quarterly_attestations_id_fk" FOREIGN KEY ("attestation_id") REFERENCES "public"."quarterly_attestations"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "personal_securities" ADD CONSTRAINT "personal_securities_attestation_id_quarterly_attestations_id_fk" FOREIGN KEY ("attestation_id") REFERENCES "public"."quarterly_attestations"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "political_contributions" ADD CONSTRAINT "political_contributions_attestation_id_quarterly_attestations_id_fk" FOREIGN KEY ("attestation_id") REFERENCES "public"."quarterly_attestations"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "supervised_persons" ADD CONSTRAINT "supervised_persons_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "supervised_persons" ADD CONSTRAINT "supervised_persons_added_by_id_users_id_fk" FOREIGN KEY ("added_by_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "supervised_persons" ADD CONSTRAINT "supervised_persons_removed_by_id_users_id_fk" FOREIGN KEY ("removed_by_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "attestations_owner_period_key" ON "quarterly_attestations" USING btree ("owner_id","fiscal_year","fiscal_quarter") WHERE "quarterly_attestations"."deleted_at" is null;--> statement-breakpoint
CREATE INDEX "attestations_firm_period_idx" ON "quarterly_attestations" USING btree ("firm_id","fiscal_year","fiscal_quarter","submitted_date","id") WHERE "quarterly_attestations"."deleted_at" is null;--> statement-breakpoint
CREATE INDEX "attestations_name_trgm_idx" ON "quarterly_attestations" USING gin ("name" gin_trgm_ops) WITH (fastupdate=false) WHERE "quarterly_attestations"."deleted_at" is null;--> statement-breakpoint
CREATE INDEX "outside_business_activities_attestation_idx" ON "outside_business_activities" USING btree ("attestation_id");--> statement-breakpoint
CREATE INDEX "personal_securities_attestation_idx" ON "personal_securities" USING btree ("attestation_id");--> statement-breakpoint
CREATE INDEX "political_contributions_attestation_idx" ON "political_contributions" USING btree ("attestation_id");--> statement-breakpoint
CREATE UNIQUE INDEX "supervised_persons_user_key" ON "supervised_persons" USING btree ("user_id") WHERE "supervised_persons"."removed_at" is null;