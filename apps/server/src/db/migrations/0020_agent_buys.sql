CREATE TABLE "agent_buy_photos" (
	"agent_buy_id" bigint NOT NULL,
	"file_id" bigint NOT NULL,
	"position" integer NOT NULL,
	CONSTRAINT "agent_buy_photos_agent_buy_id_file_id_pk" PRIMARY KEY("agent_buy_id","file_id")
);
--> statement-breakpoint
CREATE TABLE "agent_buy_quotes" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"agent_buy_id" bigint NOT NULL,
	"user_id" integer NOT NULL,
	"status" text NOT NULL,
	"info" text NOT NULL,
	"company_name" text NOT NULL,
	"contact_name" text NOT NULL,
	"phone" text NOT NULL,
	"created_at" timestamp with time zone NOT NULL,
	"updated_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE TABLE "agent_buy_views" (
	"agent_buy_id" bigint NOT NULL,
	"user_id" integer NOT NULL,
	"day" date NOT NULL,
	CONSTRAINT "agent_buy_views_agent_buy_id_user_id_day_pk" PRIMARY KEY("agent_buy_id","user_id","day")
);
--> statement-breakpoint
CREATE TABLE "agent_buys" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"user_id" integer NOT NULL,
	"root_id" integer NOT NULL,
	"kind" text NOT NULL,
	"status" text NOT NULL,
	"reason" text DEFAULT '' NOT NULL,
	"text" text DEFAULT '' NOT NULL,
	"voice_file_id" bigint,
	"voice_seconds" integer,
	"sort_id" integer,
	"phone" text NOT NULL,
	"quote_count" integer DEFAULT 0 NOT NULL,
	"views" integer DEFAULT 0 NOT NULL,
	"reviewer_id" integer,
	"reviewed_at" timestamp with time zone,
	"published_at" timestamp with time zone,
	"expires_at" timestamp with time zone,
	"created_at" timestamp with time zone NOT NULL,
	"updated_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
ALTER TABLE "agent_buy_photos" ADD CONSTRAINT "agent_buy_photos_agent_buy_id_agent_buys_id_fk" FOREIGN KEY ("agent_buy_id") REFERENCES "public"."agent_buys"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "agent_buy_photos" ADD CONSTRAINT "agent_buy_photos_file_id_files_id_fk" FOREIGN KEY ("file_id") REFERENCES "public"."files"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "agent_buy_quotes" ADD CONSTRAINT "agent_buy_quotes_agent_buy_id_agent_buys_id_fk" FOREIGN KEY ("agent_buy_id") REFERENCES "public"."agent_buys"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "agent_buy_quotes" ADD CONSTRAINT "agent_buy_quotes_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "agent_buy_views" ADD CONSTRAINT "agent_buy_views_agent_buy_id_agent_buys_id_fk" FOREIGN KEY ("agent_buy_id") REFERENCES "public"."agent_buys"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "agent_buy_views" ADD CONSTRAINT "agent_buy_views_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "agent_buys" ADD CONSTRAINT "agent_buys_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "agent_buys" ADD CONSTRAINT "agent_buys_root_id_users_id_fk" FOREIGN KEY ("root_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "agent_buys" ADD CONSTRAINT "agent_buys_voice_file_id_files_id_fk" FOREIGN KEY ("voice_file_id") REFERENCES "public"."files"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "agent_buys" ADD CONSTRAINT "agent_buys_sort_id_sorts_id_fk" FOREIGN KEY ("sort_id") REFERENCES "public"."sorts"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "agent_buys" ADD CONSTRAINT "agent_buys_reviewer_id_users_id_fk" FOREIGN KEY ("reviewer_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "agent_buy_quotes_live_key" ON "agent_buy_quotes" USING btree ("agent_buy_id","user_id") WHERE "agent_buy_quotes"."status" = 'live';--> statement-breakpoint
CREATE INDEX "agent_buy_quotes_request_idx" ON "agent_buy_quotes" USING btree ("agent_buy_id","created_at");--> statement-breakpoint
CREATE INDEX "agent_buy_quotes_user_idx" ON "agent_buy_quotes" USING btree ("user_id","created_at");--> statement-breakpoint
CREATE INDEX "agent_buys_user_idx" ON "agent_buys" USING btree ("user_id","created_at");--> statement-breakpoint
CREATE INDEX "agent_buys_hall_idx" ON "agent_buys" USING btree ("published_at") WHERE "agent_buys"."status" = 'open';--> statement-breakpoint
CREATE INDEX "agent_buys_review_idx" ON "agent_buys" USING btree ("created_at") WHERE "agent_buys"."status" = 'review';--> statement-breakpoint
CREATE INDEX "agent_buys_expiry_idx" ON "agent_buys" USING btree ("expires_at") WHERE "agent_buys"."status" = 'open';