CREATE TABLE "stock_daily_views" (
	"stock_id" bigint NOT NULL,
	"date" text NOT NULL,
	"views" integer DEFAULT 0 NOT NULL,
	CONSTRAINT "stock_daily_views_stock_id_date_pk" PRIMARY KEY("stock_id","date")
);
--> statement-breakpoint
CREATE TABLE "stock_images" (
	"stock_id" bigint NOT NULL,
	"file_id" bigint NOT NULL,
	"position" smallint NOT NULL,
	CONSTRAINT "stock_images_stock_id_position_pk" PRIMARY KEY("stock_id","position")
);
--> statement-breakpoint
CREATE TABLE "stocks" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"root_id" integer NOT NULL,
	"user_id" integer NOT NULL,
	"status" text DEFAULT 'review' NOT NULL,
	"reason" text DEFAULT '' NOT NULL,
	"sort_id" integer NOT NULL,
	"specifications" text DEFAULT '' NOT NULL,
	"quantity_kg" bigint NOT NULL,
	"gross_weight_kg" bigint,
	"piece_weight_kg" bigint NOT NULL,
	"pieces" integer,
	"properties" text DEFAULT '' NOT NULL,
	"product_name" text DEFAULT '' NOT NULL,
	"box_number" text DEFAULT '' NOT NULL,
	"province" text DEFAULT '' NOT NULL,
	"city" text DEFAULT '' NOT NULL,
	"district" text DEFAULT '' NOT NULL,
	"storage_address" text DEFAULT '' NOT NULL,
	"lng" double precision,
	"lat" double precision,
	"production_date" text DEFAULT '' NOT NULL,
	"manufacturer" text DEFAULT '' NOT NULL,
	"brand" text DEFAULT '' NOT NULL,
	"price_type" text NOT NULL,
	"series_id" integer,
	"processing_fee_fen" bigint,
	"price_fen" bigint,
	"price_intro" text DEFAULT '' NOT NULL,
	"fixed_price" boolean DEFAULT false NOT NULL,
	"splittable" boolean DEFAULT false NOT NULL,
	"special_sale" boolean DEFAULT false NOT NULL,
	"freight_included" boolean DEFAULT false NOT NULL,
	"additional_info" text DEFAULT '' NOT NULL,
	"transport_info" text DEFAULT '' NOT NULL,
	"payment_days" smallint,
	"views" integer DEFAULT 0 NOT NULL,
	"search_vector" "tsvector" NOT NULL,
	"is_demo" boolean DEFAULT false NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"published_at" timestamp with time zone,
	"refreshed_at" timestamp with time zone DEFAULT now() NOT NULL,
	"reviewer_id" integer,
	"reviewed_at" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "visitor_events" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"owner_root_id" integer NOT NULL,
	"kind" text NOT NULL,
	"stock_id" bigint,
	"visitor_user_id" integer NOT NULL,
	"visitor_root_id" integer NOT NULL,
	"at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "stock_daily_views" ADD CONSTRAINT "stock_daily_views_stock_id_stocks_id_fk" FOREIGN KEY ("stock_id") REFERENCES "public"."stocks"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "stock_images" ADD CONSTRAINT "stock_images_stock_id_stocks_id_fk" FOREIGN KEY ("stock_id") REFERENCES "public"."stocks"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "stock_images" ADD CONSTRAINT "stock_images_file_id_files_id_fk" FOREIGN KEY ("file_id") REFERENCES "public"."files"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "stocks" ADD CONSTRAINT "stocks_root_id_users_id_fk" FOREIGN KEY ("root_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "stocks" ADD CONSTRAINT "stocks_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "stocks" ADD CONSTRAINT "stocks_sort_id_sorts_id_fk" FOREIGN KEY ("sort_id") REFERENCES "public"."sorts"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "stocks" ADD CONSTRAINT "stocks_series_id_series_id_fk" FOREIGN KEY ("series_id") REFERENCES "public"."series"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "stocks" ADD CONSTRAINT "stocks_reviewer_id_users_id_fk" FOREIGN KEY ("reviewer_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "visitor_events" ADD CONSTRAINT "visitor_events_owner_root_id_users_id_fk" FOREIGN KEY ("owner_root_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "visitor_events" ADD CONSTRAINT "visitor_events_stock_id_stocks_id_fk" FOREIGN KEY ("stock_id") REFERENCES "public"."stocks"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "visitor_events" ADD CONSTRAINT "visitor_events_visitor_user_id_users_id_fk" FOREIGN KEY ("visitor_user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "stock_daily_views_date_idx" ON "stock_daily_views" USING btree ("date");--> statement-breakpoint
CREATE INDEX "stock_images_file_idx" ON "stock_images" USING btree ("file_id");--> statement-breakpoint
CREATE INDEX "stocks_search_idx" ON "stocks" USING gin ("search_vector");--> statement-breakpoint
CREATE INDEX "stocks_root_status_idx" ON "stocks" USING btree ("root_id","status","refreshed_at");--> statement-breakpoint
CREATE INDEX "stocks_sale_published_idx" ON "stocks" USING btree ("published_at") WHERE "stocks"."status" = 'sale';--> statement-breakpoint
CREATE INDEX "stocks_sale_sort_idx" ON "stocks" USING btree ("sort_id","published_at") WHERE "stocks"."status" = 'sale';--> statement-breakpoint
CREATE INDEX "stocks_sale_point_idx" ON "stocks" USING btree ("lat","lng") WHERE "stocks"."status" = 'sale';--> statement-breakpoint
CREATE INDEX "stocks_review_idx" ON "stocks" USING btree ("created_at") WHERE "stocks"."status" = 'review';--> statement-breakpoint
CREATE INDEX "visitor_events_owner_idx" ON "visitor_events" USING btree ("owner_root_id","kind","at");--> statement-breakpoint
CREATE INDEX "visitor_events_stock_idx" ON "visitor_events" USING btree ("stock_id","at");--> statement-breakpoint
CREATE INDEX "visitor_events_visitor_idx" ON "visitor_events" USING btree ("visitor_user_id","at");