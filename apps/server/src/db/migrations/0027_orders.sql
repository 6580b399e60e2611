CREATE TABLE "trade_order_items" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"order_id" bigint NOT NULL,
	"position" smallint NOT NULL,
	"stock_id" bigint,
	"product" jsonb NOT NULL,
	"quantity_kg" bigint NOT NULL,
	"list_price_fen" bigint,
	"unit_price_fen" bigint,
	"amount_fen" bigint,
	"stock_hold" text NOT NULL
);
--> statement-breakpoint
CREATE TABLE "trade_order_proxies" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"mode" text NOT NULL,
	"seller_root_id" integer NOT NULL,
	"seller_user_id" integer NOT NULL,
	"buyer_user_id" integer NOT NULL,
	"lines" jsonb NOT NULL,
	"freight_fen" bigint DEFAULT 0 NOT NULL,
	"delivery_method" text NOT NULL,
	"agent_buy_id" bigint,
	"note" text DEFAULT '' NOT NULL,
	"order_id" bigint,
	"created_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE TABLE "trade_order_slips" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"order_id" bigint NOT NULL,
	"user_id" integer NOT NULL,
	"file_keys" text[] NOT NULL,
	"note" text DEFAULT '' NOT NULL,
	"created_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE TABLE "trade_order_transitions" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"order_id" bigint NOT NULL,
	"from_state" text,
	"to_state" text NOT NULL,
	"actor" text NOT NULL,
	"user_id" integer,
	"reason" text DEFAULT '' NOT NULL,
	"note" text DEFAULT '' NOT NULL,
	"at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE TABLE "trade_orders" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"order_no" text NOT NULL,
	"source" text NOT NULL,
	"state" text NOT NULL,
	"buyer_root_id" integer NOT NULL,
	"buyer_user_id" integer NOT NULL,
	"seller_root_id" integer NOT NULL,
	"seller_user_id" integer NOT NULL,
	"inquiry_id" bigint,
	"proxy_id" bigint,
	"address" jsonb,
	"invoice" jsonb,
	"remark" text DEFAULT '' NOT NULL,
	"quote" jsonb,
	"total_kg" bigint NOT NULL,
	"total_fen" bigint,
	"payment_method" text,
	"payment_days" smallint NOT NULL,
	"online_accepted" boolean DEFAULT false NOT NULL,
	"bank_account" jsonb,
	"pay_order_no" text,
	"paid_at" timestamp with time zone,
	"shipment" jsonb,
	"cancel_reason" text,
	"deadline" timestamp with time zone,
	"is_demo" boolean DEFAULT false NOT NULL,
	"created_at" timestamp with time zone NOT NULL,
	"updated_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
ALTER TABLE "trade_order_items" ADD CONSTRAINT "trade_order_items_order_id_trade_orders_id_fk" FOREIGN KEY ("order_id") REFERENCES "public"."trade_orders"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "trade_order_items" ADD CONSTRAINT "trade_order_items_stock_id_stocks_id_fk" FOREIGN KEY ("stock_id") REFERENCES "public"."stocks"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "trade_order_proxies" ADD CONSTRAINT "trade_order_proxies_seller_root_id_users_id_fk" FOREIGN KEY ("seller_root_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "trade_order_proxies" ADD CONSTRAINT "trade_order_proxies_seller_user_id_users_id_fk" FOREIGN KEY ("seller_user_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "trade_order_proxies" ADD CONSTRAINT "trade_order_proxies_buyer_user_id_users_id_fk" FOREIGN KEY ("buyer_user_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "trade_order_proxies" ADD CONSTRAINT "trade_order_proxies_order_id_trade_orders_id_fk" FOREIGN KEY ("order_id") REFERENCES "public"."trade_orders"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "trade_order_slips" ADD CONSTRAINT "trade_order_slips_order_id_trade_orders_id_fk" FOREIGN KEY ("order_id") REFERENCES "public"."trade_orders"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "trade_order_slips" ADD CONSTRAINT "trade_order_slips_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "trade_order_transitions" ADD CONSTRAINT "trade_order_transitions_order_id_trade_orders_id_fk" FOREIGN KEY ("order_id") REFERENCES "public"."trade_orders"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "trade_order_transitions" ADD CONSTRAINT "trade_order_transitions_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "trade_orders" ADD CONSTRAINT "trade_orders_buyer_root_id_users_id_fk" FOREIGN KEY ("buyer_root_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "trade_orders" ADD CONSTRAINT "trade_orders_buyer_user_id_users_id_fk" FOREIGN KEY ("buyer_user_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "trade_orders" ADD CONSTRAINT "trade_orders_seller_root_id_users_id_fk" FOREIGN KEY ("seller_root_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "trade_orders" ADD CONSTRAINT "trade_orders_seller_user_id_users_id_fk" FOREIGN KEY ("seller_user_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "trade_order_items_order_idx" ON "trade_order_items" USING btree ("order_id","position");--> statement-breakpoint
CREATE INDEX "trade_order_items_stock_idx" ON "trade_order_items" USING btree ("stock_id");--> statement-breakpoint
CREATE INDEX "trade_order_proxies_buyer_idx" ON "trade_order_proxies" USING btree ("buyer_user_id","created_at");--> statement-breakpoint
CREATE INDEX "trade_order_slips_order_idx" ON "trade_order_slips" USING btree ("order_id");--> statement-breakpoint
CREATE INDEX "trade_order_transitions_order_idx" ON "trade_order_transitions" USING btree ("order_id","id");--> statement-breakpoint
CREATE UNIQUE INDEX "trade_orders_order_no_key" ON "trade_orders" USING btree ("order_no");--> statement-breakpoint
CREATE INDEX "trade_orders_buyer_idx" ON "trade_orders" USING btree ("buyer_root_id","created_at");--> statement-breakpoint
CREATE INDEX "trade_orders_seller_idx" ON "trade_orders" USING btree ("seller_root_id","created_at");--> statement-breakpoint
CREATE INDEX "trade_orders_deadline_idx" ON "trade_orders" USING btree ("deadline") WHERE "trade_orders"."deadline" is not null;--> statement-breakpoint
CREATE UNIQUE INDEX "trade_orders_inquiry_key" ON "trade_orders" USING btree ("inquiry_id") WHERE "trade_orders"."inquiry_id" is not null and "trade_orders"."state" not in ('cancelled', 'expired');