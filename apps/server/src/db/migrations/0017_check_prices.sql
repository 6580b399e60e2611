CREATE TABLE "check_price_items" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"check_price_id" bigint NOT NULL,
	"position" smallint NOT NULL,
	"specification" text NOT NULL,
	"series_id" integer NOT NULL,
	"premium_cents" bigint NOT NULL
);
--> statement-breakpoint
CREATE TABLE "check_prices" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"user_id" integer NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"deleted_at" timestamp with time zone
);
--> statement-breakpoint
ALTER TABLE "check_price_items" ADD CONSTRAINT "check_price_items_check_price_id_check_prices_id_fk" FOREIGN KEY ("check_price_id") REFERENCES "public"."check_prices"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "check_price_items" ADD CONSTRAINT "check_price_items_series_id_series_id_fk" FOREIGN KEY ("series_id") REFERENCES "public"."series"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "check_prices" ADD CONSTRAINT "check_prices_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "check_price_items_parent_idx" ON "check_price_items" USING btree ("check_price_id","position");--> statement-breakpoint
CREATE INDEX "check_prices_created_idx" ON "check_prices" USING btree ("created_at");--> statement-breakpoint
CREATE INDEX "check_prices_user_idx" ON "check_prices" USING btree ("user_id","created_at");