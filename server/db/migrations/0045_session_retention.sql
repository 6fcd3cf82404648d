-- The sweeper deletes sessions 180 days after they expire (lib/retention.ts); it finds them by expiry.
CREATE INDEX "sessions_expires_idx" ON "sessions" USING btree ("expires_at");
