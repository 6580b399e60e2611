CREATE TABLE "account_state_changes" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"user_id" integer NOT NULL,
	"state" text NOT NULL,
	"reason" text NOT NULL,
	"operator_id" integer NOT NULL,
	"listings" integer DEFAULT 0 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "account_takedowns" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"user_id" integer NOT NULL,
	"change_id" bigint NOT NULL,
	"kind" text NOT NULL,
	"row_id" bigint NOT NULL,
	"previous_status" text NOT NULL,
	"restored_at" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "company_link_ways" (
	"root_id" integer NOT NULL,
	"purpose" text NOT NULL,
	"user_id" integer NOT NULL,
	"channel" text NOT NULL,
	"value" text DEFAULT '' NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "company_link_ways_root_id_purpose_pk" PRIMARY KEY("root_id","purpose")
);
--> statement-breakpoint
ALTER TABLE "account_state_changes" ADD CONSTRAINT "account_state_changes_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "account_state_changes" ADD CONSTRAINT "account_state_changes_operator_id_users_id_fk" FOREIGN KEY ("operator_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "account_takedowns" ADD CONSTRAINT "account_takedowns_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "account_takedowns" ADD CONSTRAINT "account_takedowns_change_id_account_state_changes_id_fk" FOREIGN KEY ("change_id") REFERENCES "public"."account_state_changes"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "company_link_ways" ADD CONSTRAINT "company_link_ways_root_id_companies_root_id_fk" FOREIGN KEY ("root_id") REFERENCES "public"."companies"("root_id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "company_link_ways" ADD CONSTRAINT "company_link_ways_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "account_state_changes_user_idx" ON "account_state_changes" USING btree ("user_id","created_at");--> statement-breakpoint
CREATE INDEX "account_takedowns_open_idx" ON "account_takedowns" USING btree ("user_id") WHERE "account_takedowns"."restored_at" is null;