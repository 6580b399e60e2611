-- Futures series (SHFE and LME) are quoted prices, not goods: no listing or inquiry may name them as
-- its category. The products a trader can buy or stock keep the default.
ALTER TABLE "sorts" ADD COLUMN "physical" boolean DEFAULT true NOT NULL;
--> statement-breakpoint
UPDATE "sorts" SET "physical" = false WHERE "id" IN (78, 77, 40, 41);
