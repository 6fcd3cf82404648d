CREATE TABLE "deal_messages" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "deal_messages_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"order_id" integer NOT NULL,
	"kind" text NOT NULL,
	"sender_id" integer,
	"sender_role" text NOT NULL,
	"text" text DEFAULT '' NOT NULL,
	"masked_text" text,
	"image_url" text,
	"card_event" text,
	"client_id" text,
	"published_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "deal_messages_kind_check" CHECK ("deal_messages"."kind" in ('text', 'image', 'card', 'warning')),
	CONSTRAINT "deal_messages_role_check" CHECK ("deal_messages"."sender_role" in ('buyer', 'seller', 'staff', 'system'))
);
--> statement-breakpoint
CREATE TABLE "deal_room_reads" (
	"order_id" integer NOT NULL,
	"user_id" integer NOT NULL,
	"last_read_id" integer NOT NULL,
	CONSTRAINT "deal_room_reads_order_id_user_id_pk" PRIMARY KEY("order_id","user_id")
);
--> statement-breakpoint
ALTER TABLE "deal_messages" ADD CONSTRAINT "deal_messages_order_id_orders_id_fk" FOREIGN KEY ("order_id") REFERENCES "public"."orders"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "deal_messages" ADD CONSTRAINT "deal_messages_sender_id_users_id_fk" FOREIGN KEY ("sender_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "deal_room_reads" ADD CONSTRAINT "deal_room_reads_order_id_orders_id_fk" FOREIGN KEY ("order_id") REFERENCES "public"."orders"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "deal_room_reads" ADD CONSTRAINT "deal_room_reads_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "deal_messages_order_idx" ON "deal_messages" USING btree ("order_id","id");--> statement-breakpoint
CREATE UNIQUE INDEX "deal_messages_client_key" ON "deal_messages" USING btree ("sender_id","client_id");--> statement-breakpoint
CREATE INDEX "deal_messages_outbox_idx" ON "deal_messages" USING btree ("id") WHERE published_at is null;