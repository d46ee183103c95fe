CREATE TABLE "staff_directory_entries" (
	"user_id" integer PRIMARY KEY NOT NULL,
	"preferred_name" text,
	"title" text,
	"bio" text,
	"work_phone" text,
	"mobile_phone" text,
	"work_address_line_1" text,
	"work_address_line_2" text,
	"work_city" text,
	"work_state" text,
	"work_postal_code" text,
	"home_address_line_1" text,
	"home_address_line_2" text,
	"home_city" text,
	"home_state" text,
	"home_postal_code" text,
	"removed_at" timestamp with time zone,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "staff_directory_entries" ADD CONSTRAINT "staff_directory_entries_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
INSERT INTO table_versions (name, version) SELECT 'staff_directory_entries', floor(random() * 2^52)::bigint ON CONFLICT (name) DO NOTHING;--> statement-breakpoint
CREATE TRIGGER staff_directory_entries_version AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON staff_directory_entries FOR EACH STATEMENT EXECUTE FUNCTION bump_table_version();
