CREATE TABLE "trade_order_checkouts" (
	"buyer_root_id" integer NOT NULL,
	"request_id" text NOT NULL,
	"lines" jsonb NOT NULL,
	"orders" jsonb NOT NULL,
	"created_at" timestamp with time zone NOT NULL,
	CONSTRAINT "trade_order_checkouts_buyer_root_id_request_id_pk" PRIMARY KEY("buyer_root_id","request_id")
);
--> statement-breakpoint
ALTER TABLE "trade_order_checkouts" ADD CONSTRAINT "trade_order_checkouts_buyer_root_id_users_id_fk" FOREIGN KEY ("buyer_root_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;