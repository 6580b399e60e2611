CREATE TABLE "entitlements" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"user_id" integer NOT NULL,
	"kind" text NOT NULL,
	"starts_at" timestamp with time zone NOT NULL,
	"ends_at" timestamp with time zone NOT NULL,
	"granted_by" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "forecast_votes" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"user_id" integer NOT NULL,
	"sort_id" integer NOT NULL,
	"target" text NOT NULL,
	"choice" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"outcome" text,
	"points" smallint,
	"settled_at" timestamp with time zone
);
--> statement-breakpoint
ALTER TABLE "entitlements" ADD CONSTRAINT "entitlements_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "entitlements" ADD CONSTRAINT "entitlements_granted_by_users_id_fk" FOREIGN KEY ("granted_by") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "forecast_votes" ADD CONSTRAINT "forecast_votes_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "forecast_votes" ADD CONSTRAINT "forecast_votes_sort_id_sorts_id_fk" FOREIGN KEY ("sort_id") REFERENCES "public"."sorts"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "entitlements_user_kind_idx" ON "entitlements" USING btree ("user_id","kind","ends_at");--> statement-breakpoint
CREATE UNIQUE INDEX "forecast_votes_once_key" ON "forecast_votes" USING btree ("user_id","sort_id","target");--> statement-breakpoint
CREATE INDEX "forecast_votes_target_idx" ON "forecast_votes" USING btree ("sort_id","target");--> statement-breakpoint
CREATE INDEX "forecast_votes_unsettled_idx" ON "forecast_votes" USING btree ("target") WHERE "forecast_votes"."settled_at" is null;