-- A person's live sessions, most recently used first: the sessions list reads these, not every session the
-- person ever ended (each sign-in leaves one).
CREATE INDEX "sessions_live_idx" ON "sessions" USING btree ("user_id","last_used_at" DESC NULLS LAST,"created_at" DESC NULLS LAST) WHERE "sessions"."revoked_at" is null;
