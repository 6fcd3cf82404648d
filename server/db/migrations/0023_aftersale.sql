CREATE TABLE "aftersale_cases" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "aftersale_cases_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"order_id" integer NOT NULL,
	"buyer_id" integer NOT NULL,
	"seller_id" integer,
	"reason" text NOT NULL,
	"description" text NOT NULL,
	"images" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"status" text NOT NULL,
	"seller_silent" boolean DEFAULT false NOT NULL,
	"reply_text" text,
	"reply_images" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"replied_at" timestamp with time zone,
	"due_at" timestamp with time zone,
	"outcome" text,
	"refund_amount" integer DEFAULT 0 NOT NULL,
	"decision_reason" text DEFAULT '' NOT NULL,
	"decided_by" integer,
	"decided_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "aftersale_cases_status_check" CHECK ("aftersale_cases"."status" in ('awaiting_seller', 'awaiting_staff', 'decided')),
	CONSTRAINT "aftersale_cases_reason_check" CHECK ("aftersale_cases"."reason" in ('not_as_described', 'recovered', 'banned', 'other')),
	CONSTRAINT "aftersale_cases_refund_check" CHECK ("aftersale_cases"."refund_amount" >= 0)
);
--> statement-breakpoint
CREATE TABLE "aftersale_events" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "aftersale_events_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"case_id" integer NOT NULL,
	"event" text NOT NULL,
	"from_status" text,
	"to_status" text NOT NULL,
	"actor_id" integer,
	"actor" text NOT NULL,
	"detail" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "orders" DROP CONSTRAINT "orders_status_check";--> statement-breakpoint
DROP INDEX "orders_one_live_per_goods";--> statement-breakpoint
DROP INDEX "orders_unreleased_idx";--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "protected_until" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "disputed_from" text;--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "disputed_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "payments" ADD COLUMN "refund_amount" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "aftersale_cases" ADD CONSTRAINT "aftersale_cases_order_id_orders_id_fk" FOREIGN KEY ("order_id") REFERENCES "public"."orders"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "aftersale_cases" ADD CONSTRAINT "aftersale_cases_buyer_id_users_id_fk" FOREIGN KEY ("buyer_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "aftersale_cases" ADD CONSTRAINT "aftersale_cases_seller_id_users_id_fk" FOREIGN KEY ("seller_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "aftersale_cases" ADD CONSTRAINT "aftersale_cases_decided_by_users_id_fk" FOREIGN KEY ("decided_by") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "aftersale_events" ADD CONSTRAINT "aftersale_events_case_id_aftersale_cases_id_fk" FOREIGN KEY ("case_id") REFERENCES "public"."aftersale_cases"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "aftersale_events" ADD CONSTRAINT "aftersale_events_actor_id_users_id_fk" FOREIGN KEY ("actor_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "aftersale_cases_open_key" ON "aftersale_cases" USING btree ("order_id") WHERE status <> 'decided';--> statement-breakpoint
CREATE INDEX "aftersale_cases_order_idx" ON "aftersale_cases" USING btree ("order_id","id" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "aftersale_cases_due_idx" ON "aftersale_cases" USING btree ("due_at","id") WHERE status <> 'decided';--> statement-breakpoint
CREATE INDEX "aftersale_events_case_idx" ON "aftersale_events" USING btree ("case_id","id");--> statement-breakpoint
CREATE UNIQUE INDEX "orders_one_live_per_goods" ON "orders" USING btree ("goods_id") WHERE status in ('pending_payment', 'paid', 'handed_over', 'disputed');--> statement-breakpoint
CREATE INDEX "orders_unreleased_idx" ON "orders" USING btree ("protected_until") WHERE status = 'completed' and released_at is null;--> statement-breakpoint
ALTER TABLE "orders" ADD CONSTRAINT "orders_status_check" CHECK ("orders"."status" in ('pending_payment', 'paid', 'handed_over', 'completed', 'cancelled', 'refunded', 'disputed'));--> statement-breakpoint
ALTER TABLE "payments" ADD CONSTRAINT "payments_refund_check" CHECK ("payments"."refund_amount" between 0 and "payments"."amount");--> statement-breakpoint
-- What was refunded before partial refunds existed was each payment whole.
UPDATE "payments" SET "refund_amount" = "amount" WHERE "refund_due" OR "status" = 'refunded';--> statement-breakpoint
-- Completed orders keep the window they were given: completion plus the protection days of the setting.
UPDATE "orders" SET "protected_until" = "completed_at" + make_interval(days => (SELECT ("value" #>> '{}')::int FROM "settings" WHERE "key" = 'payoutProtectionDays')) WHERE "completed_at" IS NOT NULL;
