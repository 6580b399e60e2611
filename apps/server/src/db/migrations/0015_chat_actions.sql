CREATE TABLE "chat_handovers" (
	"peer_id" integer NOT NULL,
	"former_user_id" integer NOT NULL,
	"current_user_id" integer NOT NULL,
	"up_to_message_id" bigint NOT NULL,
	"reason" text NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "chat_handovers_peer_id_former_user_id_pk" PRIMARY KEY("peer_id","former_user_id")
);
--> statement-breakpoint
CREATE TABLE "chat_not_interested" (
	"user_id" integer NOT NULL,
	"chat_id" text NOT NULL,
	"until_id" bigint NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "chat_not_interested_user_id_chat_id_pk" PRIMARY KEY("user_id","chat_id")
);
--> statement-breakpoint
CREATE TABLE "chat_transfers" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"from_user_id" integer NOT NULL,
	"to_user_id" integer NOT NULL,
	"peer_id" integer NOT NULL,
	"status" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "chat_handovers" ADD CONSTRAINT "chat_handovers_peer_id_users_id_fk" FOREIGN KEY ("peer_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "chat_handovers" ADD CONSTRAINT "chat_handovers_former_user_id_users_id_fk" FOREIGN KEY ("former_user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "chat_handovers" ADD CONSTRAINT "chat_handovers_current_user_id_users_id_fk" FOREIGN KEY ("current_user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "chat_not_interested" ADD CONSTRAINT "chat_not_interested_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "chat_transfers" ADD CONSTRAINT "chat_transfers_from_user_id_users_id_fk" FOREIGN KEY ("from_user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "chat_transfers" ADD CONSTRAINT "chat_transfers_to_user_id_users_id_fk" FOREIGN KEY ("to_user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "chat_transfers" ADD CONSTRAINT "chat_transfers_peer_id_users_id_fk" FOREIGN KEY ("peer_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "chat_handovers_current_idx" ON "chat_handovers" USING btree ("current_user_id","peer_id");--> statement-breakpoint
CREATE UNIQUE INDEX "chat_transfers_pending_key" ON "chat_transfers" USING btree ("from_user_id","peer_id") WHERE "chat_transfers"."status" = 'requested';--> statement-breakpoint
CREATE INDEX "chat_transfers_to_idx" ON "chat_transfers" USING btree ("to_user_id","status");