CREATE TABLE "push_outbox" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"token" text NOT NULL,
	"kind" text NOT NULL,
	"collapse_key" text NOT NULL,
	"ref_id" bigint NOT NULL,
	"count" integer DEFAULT 1 NOT NULL,
	"due_at" timestamp with time zone NOT NULL,
	"attempts" integer DEFAULT 0 NOT NULL,
	"version" integer DEFAULT 1 NOT NULL,
	"claimed_until" timestamp with time zone,
	"created_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
ALTER TABLE "push_devices" ADD COLUMN "subscription" jsonb;--> statement-breakpoint
ALTER TABLE "push_devices" ADD COLUMN "lang" text DEFAULT 'zh-CN' NOT NULL;--> statement-breakpoint
ALTER TABLE "push_outbox" ADD CONSTRAINT "push_outbox_token_push_devices_token_fk" FOREIGN KEY ("token") REFERENCES "public"."push_devices"("token") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "push_outbox_device_key_idx" ON "push_outbox" USING btree ("token","collapse_key");--> statement-breakpoint
CREATE INDEX "push_outbox_due_idx" ON "push_outbox" USING btree ("due_at");