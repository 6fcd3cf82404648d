CREATE TABLE "account_deletion_events" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "account_deletion_events_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"deletion_id" integer NOT NULL,
	"event" text NOT NULL,
	"from_status" text,
	"to_status" text NOT NULL,
	"actor_id" integer,
	"actor" text NOT NULL,
	"detail" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "account_deletions" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "account_deletions_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"user_id" integer NOT NULL,
	"status" text NOT NULL,
	"requested_at" timestamp with time zone DEFAULT now() NOT NULL,
	"erase_at" timestamp with time zone NOT NULL,
	"cancelled_at" timestamp with time zone,
	"erased_at" timestamp with time zone,
	CONSTRAINT "account_deletions_status_check" CHECK ("account_deletions"."status" in ('cooling_off', 'cancelled', 'erased'))
);
--> statement-breakpoint
ALTER TABLE "account_deletion_events" ADD CONSTRAINT "account_deletion_events_deletion_id_account_deletions_id_fk" FOREIGN KEY ("deletion_id") REFERENCES "public"."account_deletions"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "account_deletion_events" ADD CONSTRAINT "account_deletion_events_actor_id_users_id_fk" FOREIGN KEY ("actor_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "account_deletions" ADD CONSTRAINT "account_deletions_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "account_deletion_events_deletion_idx" ON "account_deletion_events" USING btree ("deletion_id","id");--> statement-breakpoint
CREATE UNIQUE INDEX "account_deletions_one_open_key" ON "account_deletions" USING btree ("user_id") WHERE status = 'cooling_off';--> statement-breakpoint
CREATE INDEX "account_deletions_due_idx" ON "account_deletions" USING btree ("erase_at") WHERE status = 'cooling_off';