ALTER TABLE "sessions" ADD COLUMN "staff" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "totp_sealed" text;--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "totp_enrolled_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "totp_last_step" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
-- The one staff role of before becomes the role that may do everything; its sessions were not signed in with a second factor, so they end.
UPDATE "users" SET "roles" = array_replace("roles", 'operator', 'admin') WHERE 'operator' = ANY("roles");--> statement-breakpoint
UPDATE "sessions" SET "revoked_at" = now() WHERE "revoked_at" IS NULL AND "user_id" IN (SELECT "id" FROM "users" WHERE 'admin' = ANY("roles"));
