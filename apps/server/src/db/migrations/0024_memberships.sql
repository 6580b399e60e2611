CREATE TABLE "dynamic_view_balances" (
	"user_id" integer PRIMARY KEY NOT NULL,
	"remaining" integer DEFAULT 0 NOT NULL,
	"trial_used_at" timestamp with time zone,
	"last_use_day" text,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "membership_plans" (
	"id" serial PRIMARY KEY NOT NULL,
	"kind" text NOT NULL,
	"name_zh" text NOT NULL,
	"name_en" text NOT NULL,
	"months" integer,
	"days" integer,
	"view_count" integer,
	"price_fen" integer NOT NULL,
	"active" boolean DEFAULT true NOT NULL,
	"sort_order" integer DEFAULT 0 NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "membership_purchases" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"plan_id" integer NOT NULL,
	"kind" text NOT NULL,
	"user_id" integer NOT NULL,
	"root_id" integer NOT NULL,
	"holder_id" integer NOT NULL,
	"months" integer,
	"days" integer,
	"view_count" integer,
	"price_fen" integer NOT NULL,
	"subject" text NOT NULL,
	"order_no" text,
	"status" text DEFAULT 'awaiting_payment' NOT NULL,
	"paid_at" timestamp with time zone,
	"refunded_fen" integer DEFAULT 0 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "membership_reminders" (
	"holder_id" integer NOT NULL,
	"kind" text NOT NULL,
	"ends_at" timestamp with time zone NOT NULL,
	"sent_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
ALTER TABLE "entitlements" ADD COLUMN "reason" text DEFAULT '' NOT NULL;--> statement-breakpoint
ALTER TABLE "entitlements" ADD COLUMN "purchase_id" bigint;--> statement-breakpoint
ALTER TABLE "dynamic_view_balances" ADD CONSTRAINT "dynamic_view_balances_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "membership_purchases" ADD CONSTRAINT "membership_purchases_plan_id_membership_plans_id_fk" FOREIGN KEY ("plan_id") REFERENCES "public"."membership_plans"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "membership_purchases" ADD CONSTRAINT "membership_purchases_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "membership_reminders" ADD CONSTRAINT "membership_reminders_holder_id_users_id_fk" FOREIGN KEY ("holder_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "membership_plans_kind_idx" ON "membership_plans" USING btree ("kind","sort_order");--> statement-breakpoint
CREATE INDEX "membership_purchases_root_idx" ON "membership_purchases" USING btree ("root_id","created_at");--> statement-breakpoint
CREATE UNIQUE INDEX "membership_purchases_order_key" ON "membership_purchases" USING btree ("order_no") WHERE "membership_purchases"."order_no" is not null;--> statement-breakpoint
CREATE UNIQUE INDEX "membership_reminders_key" ON "membership_reminders" USING btree ("holder_id","kind","ends_at");--> statement-breakpoint
CREATE UNIQUE INDEX "entitlements_purchase_key" ON "entitlements" USING btree ("purchase_id");--> statement-breakpoint
-- The plans on sale at launch (SPEC §9: certified supplier 4999 yuan for 6 months, 8800 yuan for a year);
-- forecast VIP and dynamic-view prices are the launch defaults. Operators change them in the console.
INSERT INTO "membership_plans" ("kind", "name_zh", "name_en", "months", "days", "view_count", "price_fen", "sort_order") VALUES
  ('certified_supplier', '认证供应商 半年', 'Certified supplier, 6 months', 6, NULL, NULL, 499900, 1),
  ('certified_supplier', '认证供应商 一年', 'Certified supplier, 1 year', 12, NULL, NULL, 880000, 2),
  ('forecast_vip', '预测会员 1个月', 'Forecast VIP, 1 month', 1, NULL, NULL, 9800, 1),
  ('forecast_vip', '预测会员 3个月', 'Forecast VIP, 3 months', 3, NULL, NULL, 26800, 2),
  ('forecast_vip', '预测会员 12个月', 'Forecast VIP, 12 months', 12, NULL, NULL, 88800, 3),
  ('dynamic_view', '动态查看 10次', 'Dynamic view, 10 uses', NULL, NULL, 10, 3000, 1),
  ('dynamic_view', '动态查看 30次', 'Dynamic view, 30 uses', NULL, NULL, 30, 8000, 2),
  ('dynamic_view', '动态查看 100次', 'Dynamic view, 100 uses', NULL, NULL, 100, 20000, 3);
