CREATE TABLE "market_group_sorts" (
	"group_id" integer NOT NULL,
	"sort_id" integer NOT NULL,
	"position" smallint NOT NULL,
	CONSTRAINT "market_group_sorts_group_id_sort_id_pk" PRIMARY KEY("group_id","sort_id")
);
--> statement-breakpoint
CREATE TABLE "market_groups" (
	"id" serial PRIMARY KEY NOT NULL,
	"user_id" integer NOT NULL,
	"name" text,
	"position" smallint NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "market_group_sorts" ADD CONSTRAINT "market_group_sorts_group_id_market_groups_id_fk" FOREIGN KEY ("group_id") REFERENCES "public"."market_groups"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "market_group_sorts" ADD CONSTRAINT "market_group_sorts_sort_id_sorts_id_fk" FOREIGN KEY ("sort_id") REFERENCES "public"."sorts"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "market_groups" ADD CONSTRAINT "market_groups_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "market_groups_user_idx" ON "market_groups" USING btree ("user_id","position");--> statement-breakpoint
CREATE UNIQUE INDEX "market_groups_user_name_key" ON "market_groups" USING btree ("user_id","name");