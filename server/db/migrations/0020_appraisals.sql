CREATE TABLE "appraisal_events" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "appraisal_events_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"appraisal_id" integer NOT NULL,
	"event" text NOT NULL,
	"from_status" text,
	"to_status" text NOT NULL,
	"actor_id" integer,
	"actor" text NOT NULL,
	"detail" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "appraisals" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "appraisals_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"user_id" integer NOT NULL,
	"game_id" integer NOT NULL,
	"template_version" integer NOT NULL,
	"region_ids" integer[] NOT NULL,
	"attributes" jsonb NOT NULL,
	"description" text DEFAULT '' NOT NULL,
	"images" text[] DEFAULT '{}' NOT NULL,
	"expected_price" integer,
	"status" text NOT NULL,
	"estimate_min" integer,
	"estimate_max" integer,
	"estimate_point" integer,
	"comparable_count" integer DEFAULT 0 NOT NULL,
	"comparables" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"note" text DEFAULT '' NOT NULL,
	"estimated_by" integer,
	"estimated_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "appraisals_status_check" CHECK ("appraisals"."status" in ('pending', 'estimated')),
	CONSTRAINT "appraisals_estimate_check" CHECK ("appraisals"."status" = 'pending' or ("appraisals"."estimate_min" <= "appraisals"."estimate_point" and "appraisals"."estimate_point" <= "appraisals"."estimate_max"))
);
--> statement-breakpoint
ALTER TABLE "appraisal_events" ADD CONSTRAINT "appraisal_events_appraisal_id_appraisals_id_fk" FOREIGN KEY ("appraisal_id") REFERENCES "public"."appraisals"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "appraisal_events" ADD CONSTRAINT "appraisal_events_actor_id_users_id_fk" FOREIGN KEY ("actor_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "appraisals" ADD CONSTRAINT "appraisals_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "appraisals" ADD CONSTRAINT "appraisals_game_id_games_id_fk" FOREIGN KEY ("game_id") REFERENCES "public"."games"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "appraisals" ADD CONSTRAINT "appraisals_estimated_by_users_id_fk" FOREIGN KEY ("estimated_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "appraisal_events_appraisal_idx" ON "appraisal_events" USING btree ("appraisal_id","id");--> statement-breakpoint
CREATE INDEX "appraisals_user_idx" ON "appraisals" USING btree ("user_id","id" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "appraisals_status_idx" ON "appraisals" USING btree ("status","created_at");--> statement-breakpoint
CREATE INDEX "goods_sold_game_idx" ON "goods" USING btree ("game_id","sold_at" DESC NULLS LAST,"id" DESC NULLS LAST) WHERE status = 'sold';