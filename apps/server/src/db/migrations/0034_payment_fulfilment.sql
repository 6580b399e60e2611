ALTER TABLE "payment_orders" ADD COLUMN "fulfilment" text;--> statement-breakpoint
CREATE INDEX "payment_orders_fulfilment_pending_idx" ON "payment_orders" USING btree ("updated_at") WHERE "payment_orders"."fulfilment" = 'pending';--> statement-breakpoint
-- Orders paid before this column was added were delivered in the transaction that paid them.
UPDATE "payment_orders" SET "fulfilment" = 'done' WHERE "state" IN ('paid', 'partly_refunded', 'refunded');
