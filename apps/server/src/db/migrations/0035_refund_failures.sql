ALTER TABLE "payment_refunds" ADD COLUMN "failure" text;--> statement-breakpoint
-- Refunds failed before this column was added are not known to be refused by their provider: unconfirmed.
UPDATE "payment_refunds" SET "failure" = 'unconfirmed' WHERE "state" = 'failed';
