ALTER TABLE "favourites" ADD COLUMN "price_seen" integer;--> statement-breakpoint
UPDATE "favourites" f SET "price_seen" = g."price" FROM "goods" g WHERE g."id" = f."goods_id";--> statement-breakpoint
ALTER TABLE "favourites" ALTER COLUMN "price_seen" SET NOT NULL;--> statement-breakpoint
ALTER TABLE "favourites" ADD COLUMN "alerted_at" timestamp with time zone;
