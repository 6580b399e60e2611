CREATE TABLE "invoice_titles" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"root_id" integer NOT NULL,
	"name" text NOT NULL,
	"tax_no" text NOT NULL,
	"address" text DEFAULT '' NOT NULL,
	"phone" text DEFAULT '' NOT NULL,
	"bank_name" text DEFAULT '' NOT NULL,
	"bank_account" text DEFAULT '' NOT NULL,
	"receiver_mobile" text DEFAULT '' NOT NULL,
	"email" text DEFAULT '' NOT NULL,
	"updated_by" integer NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "receipt_addresses" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"root_id" integer NOT NULL,
	"receiver" text NOT NULL,
	"phone" text NOT NULL,
	"province" text NOT NULL,
	"city" text NOT NULL,
	"district" text NOT NULL,
	"detail" text NOT NULL,
	"is_default" boolean DEFAULT false NOT NULL,
	"updated_by" integer NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "trade_settings" (
	"root_id" integer PRIMARY KEY NOT NULL,
	"payment_days" integer NOT NULL,
	"online_payment" boolean DEFAULT false NOT NULL,
	"bank_account_name" text DEFAULT '' NOT NULL,
	"bank_name" text DEFAULT '' NOT NULL,
	"bank_account" text DEFAULT '' NOT NULL,
	"delivery_note" text DEFAULT '' NOT NULL,
	"updated_by" integer NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "invoice_titles" ADD CONSTRAINT "invoice_titles_root_id_users_id_fk" FOREIGN KEY ("root_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "receipt_addresses" ADD CONSTRAINT "receipt_addresses_root_id_users_id_fk" FOREIGN KEY ("root_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "trade_settings" ADD CONSTRAINT "trade_settings_root_id_users_id_fk" FOREIGN KEY ("root_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "invoice_titles_root_idx" ON "invoice_titles" USING btree ("root_id","updated_at");--> statement-breakpoint
CREATE INDEX "receipt_addresses_root_idx" ON "receipt_addresses" USING btree ("root_id","updated_at");--> statement-breakpoint
CREATE UNIQUE INDEX "receipt_addresses_one_default_key" ON "receipt_addresses" USING btree ("root_id") WHERE "receipt_addresses"."is_default";