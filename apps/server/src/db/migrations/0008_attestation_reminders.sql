CREATE TABLE "attestation_reminders" (
	"id" serial PRIMARY KEY NOT NULL,
	"user_id" integer,
	"firm_id" integer,
	"fiscal_year" smallint NOT NULL,
	"fiscal_quarter" smallint NOT NULL,
	"kind" text NOT NULL,
	"sent_at" timestamp with time zone DEFAULT now() NOT NULL,
	"sent_by_id" integer
);
--> statement-breakpoint
CREATE TABLE "job_runs" (
	"job" text NOT NULL,
	"run_key" text NOT NULL,
	"status" text NOT NULL,
	"attempts" integer DEFAULT 1 NOT NULL,
	"locked_until" timestamp with time zone,
	"started_at" timestamp with time zone DEFAULT now() NOT NULL,
	"finished_at" timestamp with time zone,
	"last_error" text,
	CONSTRAINT "job_runs_job_run_key_pk" PRIMARY KEY("job","run_key")
);
--> statement-breakpoint
ALTER TABLE "attestation_reminders" ADD CONSTRAINT "attestation_reminders_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "attestation_reminders" ADD CONSTRAINT "attestation_reminders_firm_id_firms_id_fk" FOREIGN KEY ("firm_id") REFERENCES "public"."firms"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "attestation_reminders" ADD CONSTRAINT "attestation_reminders_sent_by_id_users_id_fk" FOREIGN KEY ("sent_by_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "attestation_reminders_scheduled_key" ON "attestation_reminders" USING btree ("user_id","fiscal_year","fiscal_quarter","kind") WHERE "attestation_reminders"."kind" in ('opening', 'before_due');--> statement-breakpoint
CREATE UNIQUE INDEX "attestation_reminders_escalation_key" ON "attestation_reminders" USING btree ("firm_id","fiscal_year","fiscal_quarter") WHERE "attestation_reminders"."kind" = 'escalation';--> statement-breakpoint
CREATE INDEX "attestation_reminders_person_period_idx" ON "attestation_reminders" USING btree ("user_id","fiscal_year","fiscal_quarter","sent_at");