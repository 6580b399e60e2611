ALTER TABLE "payment_refunds" ALTER COLUMN "operator_id" DROP NOT NULL;--> statement-breakpoint
ALTER TABLE "payment_refunds" ADD COLUMN "channel" text;--> statement-breakpoint
UPDATE "payment_refunds" AS r SET "channel" = o."paid_channel" FROM "payment_orders" AS o WHERE o."order_no" = r."order_no";--> statement-breakpoint
ALTER TABLE "payment_refunds" ALTER COLUMN "channel" SET NOT NULL;--> statement-breakpoint
ALTER TABLE "payment_refunds" ADD COLUMN "second_payment_transaction_id" text;--> statement-breakpoint
CREATE UNIQUE INDEX "payment_refunds_second_payment_key" ON "payment_refunds" USING btree ("second_payment_transaction_id");--> statement-breakpoint
CREATE INDEX "payment_refunds_pending_idx" ON "payment_refunds" USING btree ("state","created_at");