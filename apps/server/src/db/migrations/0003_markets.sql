CREATE TABLE "exchange_rates" (
	"date" text PRIMARY KEY NOT NULL,
	"usd_cny" numeric(10, 4) NOT NULL,
	"is_demo" boolean DEFAULT false NOT NULL
);
--> statement-breakpoint
CREATE TABLE "markets" (
	"id" integer PRIMARY KEY NOT NULL,
	"code" text NOT NULL,
	"name" text NOT NULL,
	"name_en" text NOT NULL,
	"currency" text NOT NULL,
	"sort_order" smallint DEFAULT 0 NOT NULL,
	CONSTRAINT "markets_code_unique" UNIQUE("code")
);
--> statement-breakpoint
CREATE TABLE "price_rows" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"series_id" integer NOT NULL,
	"date" text NOT NULL,
	"low_cents" bigint NOT NULL,
	"high_cents" bigint NOT NULL,
	"price_cents" bigint NOT NULL,
	"up_down_cents" bigint,
	"last_up_down_cents" bigint,
	"rmb_price_cents" bigint,
	"is_demo" boolean DEFAULT false NOT NULL,
	"add_time" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "series" (
	"id" serial PRIMARY KEY NOT NULL,
	"market_id" integer NOT NULL,
	"sort_id" integer NOT NULL,
	"name" text NOT NULL,
	"name_en" text NOT NULL
);
--> statement-breakpoint
CREATE TABLE "sorts" (
	"id" integer PRIMARY KEY NOT NULL,
	"name" text NOT NULL,
	"name_en" text NOT NULL,
	"unit" text NOT NULL,
	"metal" text NOT NULL,
	"sort_order" smallint DEFAULT 0 NOT NULL
);
--> statement-breakpoint
ALTER TABLE "price_rows" ADD CONSTRAINT "price_rows_series_id_series_id_fk" FOREIGN KEY ("series_id") REFERENCES "public"."series"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "series" ADD CONSTRAINT "series_market_id_markets_id_fk" FOREIGN KEY ("market_id") REFERENCES "public"."markets"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "series" ADD CONSTRAINT "series_sort_id_sorts_id_fk" FOREIGN KEY ("sort_id") REFERENCES "public"."sorts"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "price_rows_series_date_key" ON "price_rows" USING btree ("series_id","date");--> statement-breakpoint
CREATE INDEX "price_rows_date_idx" ON "price_rows" USING btree ("date");--> statement-breakpoint
CREATE UNIQUE INDEX "series_market_sort_key" ON "series" USING btree ("market_id","sort_id");