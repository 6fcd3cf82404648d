CREATE TABLE "banners" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "banners_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"kind" text NOT NULL,
	"image" text NOT NULL,
	"title" text NOT NULL,
	"link" text DEFAULT '' NOT NULL,
	"content" text DEFAULT '' NOT NULL,
	"sort" integer DEFAULT 0 NOT NULL,
	"enabled" boolean DEFAULT true NOT NULL,
	CONSTRAINT "banners_kind_check" CHECK ("banners"."kind" in ('banner', 'anchor'))
);
--> statement-breakpoint
CREATE TABLE "blacklist_records" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "blacklist_records_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"subject_kind" text NOT NULL,
	"subject_hash" text NOT NULL,
	"masked_subject" text NOT NULL,
	"game_id" integer,
	"reason" text NOT NULL,
	"evidence" text DEFAULT '' NOT NULL,
	"source" text DEFAULT '' NOT NULL,
	"created_by" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "blacklist_records_kind_check" CHECK ("blacklist_records"."subject_kind" in ('game_account', 'qq', 'weixin', 'phone', 'id_number')),
	CONSTRAINT "blacklist_records_reason_check" CHECK ("blacklist_records"."reason" in ('retrieval', 'fraud', 'chargeback', 'other')),
	CONSTRAINT "blacklist_records_hash_check" CHECK ("blacklist_records"."subject_hash" ~ '^[0-9a-f]{64}$')
);
--> statement-breakpoint
CREATE TABLE "notices" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "notices_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"type" text NOT NULL,
	"title" text NOT NULL,
	"content" text NOT NULL,
	"summary" text DEFAULT '' NOT NULL,
	"cover_image" text DEFAULT '' NOT NULL,
	"status" text DEFAULT 'published' NOT NULL,
	"sort" integer DEFAULT 0 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "notices_type_check" CHECK ("notices"."type" in ('jyxz', 'bpjs', 'ywjs', 'kfyz', 'cjwt', 'xwgg', 'zhgg', 'yonghuxieyi', 'yinsizhengce', 'goumaixuzhi', 'ddzhbp', 'ddrlbp', 'ddbmbp', 'bpzl', 'fbms', 'gfds', 'jshs', 'zhhs', 'zhpg', 'guanyuwomen', 'shhz', 'djzhal', 'lassws', 'gmzn', 'mhzn', 'rczm', 'appxz', 'zjdb')),
	CONSTRAINT "notices_status_check" CHECK ("notices"."status" in ('published', 'hidden'))
);
--> statement-breakpoint
CREATE TABLE "problems" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "problems_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"user_id" integer NOT NULL,
	"type" text NOT NULL,
	"title" text NOT NULL,
	"content" text NOT NULL,
	"images" text[] DEFAULT '{}' NOT NULL,
	"phone" text DEFAULT '' NOT NULL,
	"qq" text DEFAULT '' NOT NULL,
	"escrow" jsonb,
	"status" text DEFAULT 'open' NOT NULL,
	"reply" text DEFAULT '' NOT NULL,
	"replied_at" timestamp with time zone,
	"replied_by" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "problems_type_check" CHECK ("problems"."type" in ('suggestion', 'problem', 'complaint', 'merchant', 'escrow')),
	CONSTRAINT "problems_status_check" CHECK ("problems"."status" in ('open', 'replied', 'closed')),
	CONSTRAINT "problems_escrow_check" CHECK (("problems"."type" = 'escrow') = ("problems"."escrow" is not null))
);
--> statement-breakpoint
CREATE TABLE "qq_groups" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "qq_groups_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"name" text NOT NULL,
	"number" text NOT NULL,
	"game_id" integer,
	"full" boolean DEFAULT false NOT NULL,
	"sort" integer DEFAULT 0 NOT NULL
);
--> statement-breakpoint
CREATE TABLE "service_contacts" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "service_contacts_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"kind" text NOT NULL,
	"name" text NOT NULL,
	"qq" text DEFAULT '' NOT NULL,
	"weixin" text DEFAULT '' NOT NULL,
	"phone" text DEFAULT '' NOT NULL,
	"qr_image" text DEFAULT '' NOT NULL,
	"work_hours" text DEFAULT '' NOT NULL,
	"game_ids" integer[] DEFAULT '{}' NOT NULL,
	"sort" integer DEFAULT 0 NOT NULL,
	"enabled" boolean DEFAULT true NOT NULL,
	CONSTRAINT "service_contacts_kind_check" CHECK ("service_contacts"."kind" in ('buyer', 'seller', 'consign', 'guarantee', 'recycle'))
);
--> statement-breakpoint
CREATE TABLE "social_accounts" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "social_accounts_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"platform" text NOT NULL,
	"name" text NOT NULL,
	"fans" integer DEFAULT 0 NOT NULL,
	"account" text NOT NULL,
	"avatar" text DEFAULT '' NOT NULL,
	"link" text DEFAULT '' NOT NULL,
	"sort" integer DEFAULT 0 NOT NULL,
	"enabled" boolean DEFAULT true NOT NULL,
	CONSTRAINT "social_accounts_platform_check" CHECK ("social_accounts"."platform" in ('douyin', 'kuaishou'))
);
--> statement-breakpoint
ALTER TABLE "blacklist_records" ADD CONSTRAINT "blacklist_records_game_id_games_id_fk" FOREIGN KEY ("game_id") REFERENCES "public"."games"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "blacklist_records" ADD CONSTRAINT "blacklist_records_created_by_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "problems" ADD CONSTRAINT "problems_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "problems" ADD CONSTRAINT "problems_replied_by_users_id_fk" FOREIGN KEY ("replied_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "qq_groups" ADD CONSTRAINT "qq_groups_game_id_games_id_fk" FOREIGN KEY ("game_id") REFERENCES "public"."games"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "banners_kind_idx" ON "banners" USING btree ("kind");--> statement-breakpoint
CREATE INDEX "blacklist_records_hash_idx" ON "blacklist_records" USING btree ("subject_hash");--> statement-breakpoint
CREATE INDEX "notices_type_order_idx" ON "notices" USING btree ("type","sort","created_at" DESC NULLS LAST,"id" DESC NULLS LAST) WHERE status = 'published';--> statement-breakpoint
CREATE INDEX "notices_order_idx" ON "notices" USING btree ("sort","created_at" DESC NULLS LAST,"id" DESC NULLS LAST) WHERE status = 'published';--> statement-breakpoint
CREATE INDEX "problems_user_time_idx" ON "problems" USING btree ("user_id","created_at" DESC NULLS LAST,"id" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "problems_open_idx" ON "problems" USING btree ("created_at") WHERE status = 'open';--> statement-breakpoint
CREATE INDEX "qq_groups_game_idx" ON "qq_groups" USING btree ("game_id");--> statement-breakpoint
CREATE INDEX "service_contacts_qq_idx" ON "service_contacts" USING btree ("qq") WHERE qq <> '';--> statement-breakpoint
CREATE INDEX "service_contacts_weixin_idx" ON "service_contacts" USING btree ("weixin") WHERE weixin <> '';--> statement-breakpoint
CREATE INDEX "service_contacts_phone_idx" ON "service_contacts" USING btree ("phone") WHERE phone <> '';