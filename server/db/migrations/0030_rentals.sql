-- 租号: a rental and its events; orders carry the money of rentals (kind rental | renewal, the rental, the hours);
-- a listing may be rented. A renewal is paid while its rental holds the goods, so the one-live-order rule skips it.
CREATE TABLE "rental_events" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "rental_events_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"rental_id" integer NOT NULL,
	"event" text NOT NULL,
	"from_status" text,
	"to_status" text NOT NULL,
	"actor_id" integer,
	"actor" text NOT NULL,
	"detail" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "rentals" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "rentals_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"goods_id" integer NOT NULL,
	"renter_id" integer NOT NULL,
	"owner_id" integer,
	"status" text NOT NULL,
	"hours" integer NOT NULL,
	"max_hours" integer NOT NULL,
	"hourly" integer NOT NULL,
	"daily" integer NOT NULL,
	"rent_amount" integer NOT NULL,
	"deposit_amount" integer NOT NULL,
	"commission_amount" integer NOT NULL,
	"damage_amount" integer DEFAULT 0 NOT NULL,
	"rules" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"start_at" timestamp with time zone,
	"end_at" timestamp with time zone,
	"returned_at" timestamp with time zone,
	"check_until" timestamp with time zone,
	"settled_at" timestamp with time zone,
	"cancelled_at" timestamp with time zone,
	"complaint" jsonb,
	"disputed_from" text,
	"decision" jsonb,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "rentals_status_check" CHECK ("rentals"."status" in ('pending_payment', 'active', 'returned', 'disputed', 'settled', 'cancelled')),
	CONSTRAINT "rentals_hours_check" CHECK ("rentals"."hours" between 1 and "rentals"."max_hours"),
	CONSTRAINT "rentals_damage_check" CHECK ("rentals"."damage_amount" between 0 and "rentals"."deposit_amount"),
	CONSTRAINT "rentals_commission_check" CHECK ("rentals"."commission_amount" between 0 and "rentals"."rent_amount"),
	CONSTRAINT "rentals_active_check" CHECK ("rentals"."status" <> 'active' or ("rentals"."start_at" is not null and "rentals"."end_at" is not null))
);
--> statement-breakpoint
ALTER TABLE "goods" DROP CONSTRAINT "goods_status_check";--> statement-breakpoint
DROP INDEX "orders_one_live_per_goods";--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "kind" text DEFAULT 'sale' NOT NULL;--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "rental_id" integer;--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "rent_hours" integer;--> statement-breakpoint
ALTER TABLE "rental_events" ADD CONSTRAINT "rental_events_rental_id_rentals_id_fk" FOREIGN KEY ("rental_id") REFERENCES "public"."rentals"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "rental_events" ADD CONSTRAINT "rental_events_actor_id_users_id_fk" FOREIGN KEY ("actor_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "rentals" ADD CONSTRAINT "rentals_goods_id_goods_id_fk" FOREIGN KEY ("goods_id") REFERENCES "public"."goods"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "rentals" ADD CONSTRAINT "rentals_renter_id_users_id_fk" FOREIGN KEY ("renter_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "rentals" ADD CONSTRAINT "rentals_owner_id_users_id_fk" FOREIGN KEY ("owner_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "rental_events_rental_idx" ON "rental_events" USING btree ("rental_id","id");--> statement-breakpoint
CREATE INDEX "rentals_renter_idx" ON "rentals" USING btree ("renter_id","id" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "rentals_owner_idx" ON "rentals" USING btree ("owner_id","id" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "rentals_goods_idx" ON "rentals" USING btree ("goods_id");--> statement-breakpoint
CREATE INDEX "rentals_active_end_idx" ON "rentals" USING btree ("end_at") WHERE status = 'active';--> statement-breakpoint
CREATE INDEX "rentals_returned_check_idx" ON "rentals" USING btree ("check_until") WHERE status = 'returned';--> statement-breakpoint
CREATE INDEX "rentals_disputed_idx" ON "rentals" USING btree ("updated_at") WHERE status = 'disputed';--> statement-breakpoint
ALTER TABLE "orders" ADD CONSTRAINT "orders_rental_id_rentals_id_fk" FOREIGN KEY ("rental_id") REFERENCES "public"."rentals"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "orders_rental_first_key" ON "orders" USING btree ("rental_id") WHERE kind = 'rental';--> statement-breakpoint
CREATE UNIQUE INDEX "orders_one_live_per_goods" ON "orders" USING btree ("goods_id") WHERE status in ('pending_payment', 'paid', 'handed_over', 'disputed') and kind <> 'renewal';--> statement-breakpoint
ALTER TABLE "goods" ADD CONSTRAINT "goods_status_check" CHECK ("goods"."status" in ('draft', 'pending_review', 'on_sale', 'in_trade', 'rented', 'sold', 'delisted', 'rejected'));--> statement-breakpoint
ALTER TABLE "orders" ADD CONSTRAINT "orders_kind_check" CHECK ("orders"."kind" in ('sale', 'rental', 'renewal'));--> statement-breakpoint
ALTER TABLE "orders" ADD CONSTRAINT "orders_rental_check" CHECK (("orders"."kind" = 'sale') = ("orders"."rental_id" is null) and ("orders"."kind" = 'sale') = ("orders"."rent_hours" is null));