CREATE TABLE "quick_buy_cursors" (
	"source" text PRIMARY KEY NOT NULL,
	"published_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE TABLE "quick_buy_matches" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"user_id" integer NOT NULL,
	"subscription_id" bigint NOT NULL,
	"stock_id" bigint,
	"inquiry_id" bigint,
	"matched_at" timestamp with time zone NOT NULL,
	"read_at" timestamp with time zone,
	CONSTRAINT "quick_buy_matches_one_item" CHECK (("quick_buy_matches"."stock_id" is null) <> ("quick_buy_matches"."inquiry_id" is null))
);
--> statement-breakpoint
CREATE TABLE "quick_buy_subscriptions" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"user_id" integer NOT NULL,
	"sort_id" integer NOT NULL,
	"specification" text DEFAULT '' NOT NULL,
	"spec_key" text DEFAULT '' NOT NULL,
	"province" text DEFAULT '' NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "quick_buy_matches" ADD CONSTRAINT "quick_buy_matches_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "quick_buy_matches" ADD CONSTRAINT "quick_buy_matches_subscription_id_quick_buy_subscriptions_id_fk" FOREIGN KEY ("subscription_id") REFERENCES "public"."quick_buy_subscriptions"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "quick_buy_matches" ADD CONSTRAINT "quick_buy_matches_stock_id_stocks_id_fk" FOREIGN KEY ("stock_id") REFERENCES "public"."stocks"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "quick_buy_matches" ADD CONSTRAINT "quick_buy_matches_inquiry_id_inquiries_id_fk" FOREIGN KEY ("inquiry_id") REFERENCES "public"."inquiries"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "quick_buy_subscriptions" ADD CONSTRAINT "quick_buy_subscriptions_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "quick_buy_subscriptions" ADD CONSTRAINT "quick_buy_subscriptions_sort_id_sorts_id_fk" FOREIGN KEY ("sort_id") REFERENCES "public"."sorts"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "quick_buy_matches_user_stock_key" ON "quick_buy_matches" USING btree ("user_id","stock_id");--> statement-breakpoint
CREATE UNIQUE INDEX "quick_buy_matches_user_inquiry_key" ON "quick_buy_matches" USING btree ("user_id","inquiry_id");--> statement-breakpoint
CREATE INDEX "quick_buy_matches_feed_idx" ON "quick_buy_matches" USING btree ("user_id","matched_at","id");--> statement-breakpoint
CREATE UNIQUE INDEX "quick_buy_subscriptions_spec_key" ON "quick_buy_subscriptions" USING btree ("user_id","sort_id","spec_key");--> statement-breakpoint
CREATE INDEX "quick_buy_subscriptions_sort_idx" ON "quick_buy_subscriptions" USING btree ("sort_id");