ALTER TABLE "orders" ADD COLUMN "source" text DEFAULT 'market' NOT NULL;--> statement-breakpoint
-- Orders opened before the column: a 竞价回收 order was opened by its 'award' event, a 中介担保 order sells its
-- ticket's account (goods of kind 'guarantee').
UPDATE "orders" SET "source" = 'recycling' WHERE "id" IN (SELECT "order_id" FROM "order_events" WHERE "event" = 'award');--> statement-breakpoint
UPDATE "orders" SET "source" = 'escrow' WHERE "goods_id" IN (SELECT "id" FROM "goods" WHERE "kind" = 'guarantee');--> statement-breakpoint
ALTER TABLE "orders" ADD CONSTRAINT "orders_source_check" CHECK ("orders"."source" in ('market', 'recycling', 'escrow') and ("orders"."kind" = 'sale' or "orders"."source" = 'market'));