ALTER TABLE "payment_orders" ALTER COLUMN "amount_fen" SET DATA TYPE bigint;--> statement-breakpoint
ALTER TABLE "payment_orders" ALTER COLUMN "refunded_fen" SET DATA TYPE bigint;--> statement-breakpoint
ALTER TABLE "payment_refunds" ALTER COLUMN "amount_fen" SET DATA TYPE bigint;