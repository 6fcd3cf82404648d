-- The keyed hash of a verified ID number, to count the accounts it verified (at most 3). Accounts verified
-- before this migration carry no hash and are not counted; there were none outside development.
ALTER TABLE "users" ADD COLUMN "id_number_hash" text;--> statement-breakpoint
CREATE INDEX "users_id_number_hash_idx" ON "users" USING btree ("id_number_hash");