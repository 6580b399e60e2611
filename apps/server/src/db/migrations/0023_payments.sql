CREATE TABLE "payment_offline_slips" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"order_no" text NOT NULL,
	"root_id" integer NOT NULL,
	"user_id" integer NOT NULL,
	"file_id" bigint NOT NULL,
	"state" text NOT NULL,
	"reason" text DEFAULT '' NOT NULL,
	"operator_id" integer,
	"created_at" timestamp with time zone NOT NULL,
	"decided_at" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "payment_orders" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"order_no" text NOT NULL,
	"purpose" text NOT NULL,
	"purpose_ref" text NOT NULL,
	"user_id" integer NOT NULL,
	"root_id" integer NOT NULL,
	"amount_fen" integer NOT NULL,
	"currency" text DEFAULT 'CNY' NOT NULL,
	"subject" text NOT NULL,
	"channel" text,
	"state" text NOT NULL,
	"refunded_fen" integer DEFAULT 0 NOT NULL,
	"paid_channel" text,
	"provider_transaction_id" text,
	"paid_at" timestamp with time zone,
	"expires_at" timestamp with time zone NOT NULL,
	"offline_reference" text,
	"created_at" timestamp with time zone NOT NULL,
	"updated_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE TABLE "payment_refunds" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"refund_no" text NOT NULL,
	"order_no" text NOT NULL,
	"amount_fen" integer NOT NULL,
	"reason" text NOT NULL,
	"operator_id" integer NOT NULL,
	"state" text NOT NULL,
	"provider_refund_id" text,
	"created_at" timestamp with time zone NOT NULL,
	"decided_at" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "payment_transitions" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"order_no" text NOT NULL,
	"from_state" text NOT NULL,
	"to_state" text NOT NULL,
	"cause" text NOT NULL,
	"details" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
ALTER TABLE "payment_offline_slips" ADD CONSTRAINT "payment_offline_slips_root_id_users_id_fk" FOREIGN KEY ("root_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "payment_offline_slips" ADD CONSTRAINT "payment_offline_slips_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "payment_offline_slips" ADD CONSTRAINT "payment_offline_slips_file_id_files_id_fk" FOREIGN KEY ("file_id") REFERENCES "public"."files"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "payment_offline_slips" ADD CONSTRAINT "payment_offline_slips_operator_id_users_id_fk" FOREIGN KEY ("operator_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "payment_orders" ADD CONSTRAINT "payment_orders_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "payment_orders" ADD CONSTRAINT "payment_orders_root_id_users_id_fk" FOREIGN KEY ("root_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "payment_refunds" ADD CONSTRAINT "payment_refunds_operator_id_users_id_fk" FOREIGN KEY ("operator_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "payment_offline_slips_order_idx" ON "payment_offline_slips" USING btree ("order_no");--> statement-breakpoint
CREATE INDEX "payment_offline_slips_state_idx" ON "payment_offline_slips" USING btree ("state","created_at");--> statement-breakpoint
CREATE UNIQUE INDEX "payment_orders_order_no_key" ON "payment_orders" USING btree ("order_no");--> statement-breakpoint
CREATE UNIQUE INDEX "payment_orders_offline_reference_key" ON "payment_orders" USING btree ("offline_reference");--> statement-breakpoint
CREATE INDEX "payment_orders_root_idx" ON "payment_orders" USING btree ("root_id","created_at");--> statement-breakpoint
CREATE INDEX "payment_orders_state_expires_idx" ON "payment_orders" USING btree ("state","expires_at");--> statement-breakpoint
CREATE INDEX "payment_orders_purpose_idx" ON "payment_orders" USING btree ("purpose","purpose_ref");--> statement-breakpoint
CREATE UNIQUE INDEX "payment_refunds_refund_no_key" ON "payment_refunds" USING btree ("refund_no");--> statement-breakpoint
CREATE INDEX "payment_refunds_order_idx" ON "payment_refunds" USING btree ("order_no");--> statement-breakpoint
CREATE INDEX "payment_transitions_order_idx" ON "payment_transitions" USING btree ("order_no","at");