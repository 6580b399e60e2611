CREATE TABLE "chat_blocks" (
	"user_id" integer NOT NULL,
	"blocked_user_id" integer NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "chat_blocks_user_id_blocked_user_id_pk" PRIMARY KEY("user_id","blocked_user_id")
);
--> statement-breakpoint
CREATE TABLE "chat_conversation_states" (
	"user_id" integer NOT NULL,
	"chat_id" text NOT NULL,
	"hidden_until_id" bigint NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "chat_conversation_states_user_id_chat_id_pk" PRIMARY KEY("user_id","chat_id")
);
--> statement-breakpoint
CREATE TABLE "chat_messages" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"chat_id" text NOT NULL,
	"uuid" text NOT NULL,
	"send_user_id" integer NOT NULL,
	"receive_user_id" integer NOT NULL,
	"type" smallint NOT NULL,
	"info" text NOT NULL,
	"notice" text DEFAULT '' NOT NULL,
	"send_date" bigint NOT NULL,
	"status" smallint DEFAULT 2 NOT NULL,
	"recalled_at" timestamp with time zone,
	"quote_subject" text,
	"replaced_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "chat_phone_exchanges" (
	"chat_id" text PRIMARY KEY NOT NULL,
	"requested_by" integer NOT NULL,
	"status" text NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "chat_blocks" ADD CONSTRAINT "chat_blocks_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "chat_blocks" ADD CONSTRAINT "chat_blocks_blocked_user_id_users_id_fk" FOREIGN KEY ("blocked_user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "chat_conversation_states" ADD CONSTRAINT "chat_conversation_states_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "chat_messages" ADD CONSTRAINT "chat_messages_send_user_id_users_id_fk" FOREIGN KEY ("send_user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "chat_messages" ADD CONSTRAINT "chat_messages_receive_user_id_users_id_fk" FOREIGN KEY ("receive_user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "chat_phone_exchanges" ADD CONSTRAINT "chat_phone_exchanges_requested_by_users_id_fk" FOREIGN KEY ("requested_by") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "chat_messages_sender_uuid_key" ON "chat_messages" USING btree ("send_user_id","uuid");--> statement-breakpoint
CREATE INDEX "chat_messages_chat_idx" ON "chat_messages" USING btree ("chat_id","id");--> statement-breakpoint
CREATE INDEX "chat_messages_quote_idx" ON "chat_messages" USING btree ("chat_id","quote_subject") WHERE "chat_messages"."quote_subject" is not null;--> statement-breakpoint
CREATE INDEX "chat_messages_receiver_idx" ON "chat_messages" USING btree ("receive_user_id","id");--> statement-breakpoint
CREATE INDEX "chat_messages_unread_idx" ON "chat_messages" USING btree ("receive_user_id","send_user_id") WHERE "chat_messages"."status" < 4;