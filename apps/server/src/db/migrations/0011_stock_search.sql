CREATE TABLE "stock_hot_ranking" (
	"id" smallint PRIMARY KEY NOT NULL,
	"window_start" text NOT NULL,
	"window_end" text NOT NULL,
	"computed_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE TABLE "stock_hot_ranks" (
	"rank" smallint PRIMARY KEY NOT NULL,
	"stock_id" bigint NOT NULL,
	"clicks" integer NOT NULL
);
--> statement-breakpoint
CREATE TABLE "stock_series_quotes" (
	"series_id" integer PRIMARY KEY NOT NULL,
	"price_cents" bigint,
	"quote_date" text,
	"applied_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
DROP INDEX "stocks_sale_published_idx";--> statement-breakpoint
DROP INDEX "stocks_sale_sort_idx";--> statement-breakpoint
DROP INDEX "stocks_sale_point_idx";--> statement-breakpoint
ALTER TABLE "stocks" ADD COLUMN "quote_fen" bigint;--> statement-breakpoint
ALTER TABLE "stocks" ADD COLUMN "quote_series_id" integer;--> statement-breakpoint
ALTER TABLE "stocks" ADD COLUMN "current_price_fen" bigint GENERATED ALWAYS AS (case when price_type = 'fixed' then price_fen else quote_fen + processing_fee_fen end) STORED;--> statement-breakpoint
ALTER TABLE "stock_hot_ranks" ADD CONSTRAINT "stock_hot_ranks_stock_id_stocks_id_fk" FOREIGN KEY ("stock_id") REFERENCES "public"."stocks"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "stock_series_quotes" ADD CONSTRAINT "stock_series_quotes_series_id_series_id_fk" FOREIGN KEY ("series_id") REFERENCES "public"."series"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "stocks_search_name_idx" ON "stocks" USING gin (ts_filter("search_vector", '{a}'));--> statement-breakpoint
CREATE INDEX "stocks_search_product_idx" ON "stocks" USING gin (ts_filter("search_vector", '{a,b}'));--> statement-breakpoint
CREATE INDEX "stocks_sale_price_idx" ON "stocks" USING btree ("current_price_fen","id") WHERE "stocks"."status" = 'sale';--> statement-breakpoint
CREATE INDEX "stocks_sale_sort_price_idx" ON "stocks" USING btree ("sort_id","current_price_fen","id") WHERE "stocks"."status" = 'sale';--> statement-breakpoint
CREATE INDEX "stocks_quote_stale_idx" ON "stocks" USING btree ("id") WHERE "stocks"."price_type" = 'market' and "stocks"."quote_series_id" is distinct from "stocks"."series_id";--> statement-breakpoint
CREATE INDEX "stocks_sale_published_idx" ON "stocks" USING btree ("published_at","id") WHERE "stocks"."status" = 'sale';--> statement-breakpoint
CREATE INDEX "stocks_sale_sort_idx" ON "stocks" USING btree ("sort_id","published_at","id") WHERE "stocks"."status" = 'sale';--> statement-breakpoint
CREATE INDEX "stocks_sale_point_idx" ON "stocks" USING btree ("lat","lng","id") WHERE "stocks"."status" = 'sale';