CREATE TABLE "recycle_quotes" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "recycle_quotes_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"request_id" integer NOT NULL,
	"merchant_id" integer NOT NULL,
	"price" integer NOT NULL,
	"status" text DEFAULT 'submitted' NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "recycle_quotes_status_check" CHECK ("recycle_quotes"."status" in ('submitted', 'won', 'lost', 'closed')),
	CONSTRAINT "recycle_quotes_price_check" CHECK ("recycle_quotes"."price" > 0)
);
--> statement-breakpoint
CREATE TABLE "recycle_request_events" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "recycle_request_events_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"request_id" integer NOT NULL,
	"event" text NOT NULL,
	"from_status" text,
	"to_status" text NOT NULL,
	"actor_id" integer,
	"actor" text NOT NULL,
	"detail" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "recycle_requests" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "recycle_requests_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"seller_id" integer NOT NULL,
	"goods_id" integer NOT NULL,
	"reserve_price" integer NOT NULL,
	"status" text NOT NULL,
	"window_ends_at" timestamp with time zone NOT NULL,
	"choosing_ends_at" timestamp with time zone,
	"quote_count" integer DEFAULT 0 NOT NULL,
	"best_quote" integer,
	"accepted_quote_id" integer,
	"order_id" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "recycle_requests_goods_id_unique" UNIQUE("goods_id"),
	CONSTRAINT "recycle_requests_status_check" CHECK ("recycle_requests"."status" in ('quoting', 'choosing', 'accepted', 'completed', 'cancelled', 'expired')),
	CONSTRAINT "recycle_requests_reserve_check" CHECK ("recycle_requests"."reserve_price" > 0)
);
--> statement-breakpoint
ALTER TABLE "recycle_quotes" ADD CONSTRAINT "recycle_quotes_request_id_recycle_requests_id_fk" FOREIGN KEY ("request_id") REFERENCES "public"."recycle_requests"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "recycle_quotes" ADD CONSTRAINT "recycle_quotes_merchant_id_users_id_fk" FOREIGN KEY ("merchant_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "recycle_request_events" ADD CONSTRAINT "recycle_request_events_request_id_recycle_requests_id_fk" FOREIGN KEY ("request_id") REFERENCES "public"."recycle_requests"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "recycle_request_events" ADD CONSTRAINT "recycle_request_events_actor_id_users_id_fk" FOREIGN KEY ("actor_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "recycle_requests" ADD CONSTRAINT "recycle_requests_seller_id_users_id_fk" FOREIGN KEY ("seller_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "recycle_requests" ADD CONSTRAINT "recycle_requests_goods_id_goods_id_fk" FOREIGN KEY ("goods_id") REFERENCES "public"."goods"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "recycle_requests" ADD CONSTRAINT "recycle_requests_order_id_orders_id_fk" FOREIGN KEY ("order_id") REFERENCES "public"."orders"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "recycle_quotes_merchant_key" ON "recycle_quotes" USING btree ("request_id","merchant_id");--> statement-breakpoint
CREATE INDEX "recycle_quotes_merchant_idx" ON "recycle_quotes" USING btree ("merchant_id","updated_at" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "recycle_request_events_request_idx" ON "recycle_request_events" USING btree ("request_id","id");--> statement-breakpoint
CREATE INDEX "recycle_requests_open_idx" ON "recycle_requests" USING btree ("window_ends_at","id") WHERE status = 'quoting';--> statement-breakpoint
CREATE INDEX "recycle_requests_choosing_idx" ON "recycle_requests" USING btree ("choosing_ends_at") WHERE status = 'choosing';--> statement-breakpoint
CREATE INDEX "recycle_requests_seller_idx" ON "recycle_requests" USING btree ("seller_id","id" DESC NULLS LAST);--> statement-breakpoint
-- 竞价回收: the shortest bidding window a seller may choose (an operator may lower it; the longest is 72 h).
INSERT INTO "settings" ("key", "value") VALUES ('recycleMinWindowMinutes', '60') ON CONFLICT ("key") DO NOTHING;
