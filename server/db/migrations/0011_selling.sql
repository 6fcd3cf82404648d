ALTER TABLE "goods" ADD COLUMN "delisted_by" text;--> statement-breakpoint
ALTER TABLE "goods" ADD COLUMN "payout_sealed" text;--> statement-breakpoint
ALTER TABLE "goods" ADD CONSTRAINT "goods_delisted_by_check" CHECK ("goods"."delisted_by" in ('seller', 'operator'));