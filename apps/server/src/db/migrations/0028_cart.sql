CREATE TABLE "cart_items" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"root_id" integer NOT NULL,
	"stock_id" bigint NOT NULL,
	"seller_root_id" integer NOT NULL,
	"quantity_kg" bigint NOT NULL,
	"added_by" integer NOT NULL,
	"source" text DEFAULT 'other' NOT NULL,
	"price_type" text NOT NULL,
	"price_fen" bigint,
	"series_id" integer,
	"processing_fee_fen" bigint,
	"unit_price_fen" bigint,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "cart_items" ADD CONSTRAINT "cart_items_root_id_users_id_fk" FOREIGN KEY ("root_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "cart_items" ADD CONSTRAINT "cart_items_stock_id_stocks_id_fk" FOREIGN KEY ("stock_id") REFERENCES "public"."stocks"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "cart_items" ADD CONSTRAINT "cart_items_added_by_users_id_fk" FOREIGN KEY ("added_by") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "cart_items" ADD CONSTRAINT "cart_items_series_id_series_id_fk" FOREIGN KEY ("series_id") REFERENCES "public"."series"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "cart_items_root_stock_idx" ON "cart_items" USING btree ("root_id","stock_id");--> statement-breakpoint
CREATE INDEX "cart_items_stock_idx" ON "cart_items" USING btree ("stock_id");