-- 中介担保: tickets and their events; a listing may be a ticket's account (kind guarantee, never listed); the
-- ticket fee the buyer pays on top of the agreed price (5 %, at least ¥20).
CREATE TABLE "escrow_ticket_events" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "escrow_ticket_events_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"ticket_id" integer NOT NULL,
	"event" text NOT NULL,
	"from_status" text,
	"to_status" text NOT NULL,
	"actor_id" integer,
	"actor" text NOT NULL,
	"detail" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "escrow_tickets" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "escrow_tickets_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"code" text NOT NULL,
	"game_id" integer NOT NULL,
	"description" text NOT NULL,
	"agreed_price" integer NOT NULL,
	"opener_role" text NOT NULL,
	"buyer_id" integer,
	"seller_id" integer,
	"counterparty_phone" text,
	"counterparty_qq" text,
	"status" text NOT NULL,
	"goods_id" integer,
	"order_id" integer,
	"reject_reason" text DEFAULT '' NOT NULL,
	"closed_reason" text DEFAULT '' NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"completed_at" timestamp with time zone,
	CONSTRAINT "escrow_tickets_code_unique" UNIQUE("code"),
	CONSTRAINT "escrow_tickets_status_check" CHECK ("escrow_tickets"."status" in ('awaiting_party', 'awaiting_listing', 'awaiting_approval', 'in_trade', 'completed', 'closed')),
	CONSTRAINT "escrow_tickets_role_check" CHECK ("escrow_tickets"."opener_role" in ('buyer', 'seller')),
	CONSTRAINT "escrow_tickets_price_check" CHECK ("escrow_tickets"."agreed_price" > 0),
	CONSTRAINT "escrow_tickets_counterparty_check" CHECK (("escrow_tickets"."counterparty_phone" is null) <> ("escrow_tickets"."counterparty_qq" is null)),
	CONSTRAINT "escrow_tickets_parties_check" CHECK ("escrow_tickets"."status" = 'awaiting_party' or "escrow_tickets"."status" = 'closed' or ("escrow_tickets"."buyer_id" is not null and "escrow_tickets"."seller_id" is not null and "escrow_tickets"."buyer_id" <> "escrow_tickets"."seller_id"))
);
--> statement-breakpoint
ALTER TABLE "goods" ADD COLUMN "kind" text DEFAULT 'listing' NOT NULL;--> statement-breakpoint
ALTER TABLE "escrow_ticket_events" ADD CONSTRAINT "escrow_ticket_events_ticket_id_escrow_tickets_id_fk" FOREIGN KEY ("ticket_id") REFERENCES "public"."escrow_tickets"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "escrow_ticket_events" ADD CONSTRAINT "escrow_ticket_events_actor_id_users_id_fk" FOREIGN KEY ("actor_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "escrow_tickets" ADD CONSTRAINT "escrow_tickets_game_id_games_id_fk" FOREIGN KEY ("game_id") REFERENCES "public"."games"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "escrow_tickets" ADD CONSTRAINT "escrow_tickets_buyer_id_users_id_fk" FOREIGN KEY ("buyer_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "escrow_tickets" ADD CONSTRAINT "escrow_tickets_seller_id_users_id_fk" FOREIGN KEY ("seller_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "escrow_tickets" ADD CONSTRAINT "escrow_tickets_goods_id_goods_id_fk" FOREIGN KEY ("goods_id") REFERENCES "public"."goods"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "escrow_tickets" ADD CONSTRAINT "escrow_tickets_order_id_orders_id_fk" FOREIGN KEY ("order_id") REFERENCES "public"."orders"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "escrow_ticket_events_ticket_idx" ON "escrow_ticket_events" USING btree ("ticket_id","id");--> statement-breakpoint
CREATE INDEX "escrow_tickets_buyer_idx" ON "escrow_tickets" USING btree ("buyer_id","id" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "escrow_tickets_seller_idx" ON "escrow_tickets" USING btree ("seller_id","id" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "escrow_tickets_order_idx" ON "escrow_tickets" USING btree ("order_id");--> statement-breakpoint
ALTER TABLE "goods" ADD CONSTRAINT "goods_kind_check" CHECK ("goods"."kind" = 'listing' or ("goods"."kind" = 'guarantee' and "goods"."listed_at" is null));--> statement-breakpoint
INSERT INTO "settings" ("key", "value") VALUES ('escrowFee', '{"rateBps": 500, "min": 2000}') ON CONFLICT DO NOTHING;
