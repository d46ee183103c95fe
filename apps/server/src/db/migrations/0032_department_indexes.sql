CREATE INDEX "profiles_investments_idx" ON "profiles" USING btree ("firm_id") WHERE "profiles"."is_investments_user";--> statement-breakpoint
CREATE INDEX "profiles_support_handlers_idx" ON "profiles" USING btree ("firm_id") WHERE "profiles"."is_support_handler";--> statement-breakpoint
CREATE INDEX "users_admin_idx" ON "users" USING btree ("id") WHERE "users"."is_admin";