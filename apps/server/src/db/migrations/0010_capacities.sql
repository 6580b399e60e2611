CREATE TABLE "capacities" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"root_id" integer NOT NULL,
	"posted_by" integer NOT NULL,
	"sort_id" integer NOT NULL,
	"product_name" text DEFAULT '' NOT NULL,
	"min_order_kg" integer NOT NULL,
	"monthly_output_kg" integer NOT NULL,
	"attributes" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"info" text DEFAULT '' NOT NULL,
	"contact_name" text NOT NULL,
	"contact_phone" text NOT NULL,
	"status" text DEFAULT 'waiting' NOT NULL,
	"reason" text DEFAULT '' NOT NULL,
	"submitted_at" timestamp with time zone NOT NULL,
	"reviewer_id" integer,
	"reviewed_at" timestamp with time zone,
	"passed_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "capacity_images" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"capacity_id" bigint NOT NULL,
	"file_id" bigint NOT NULL,
	"position" integer NOT NULL
);
--> statement-breakpoint
ALTER TABLE "capacities" ADD CONSTRAINT "capacities_root_id_companies_root_id_fk" FOREIGN KEY ("root_id") REFERENCES "public"."companies"("root_id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "capacities" ADD CONSTRAINT "capacities_posted_by_users_id_fk" FOREIGN KEY ("posted_by") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "capacities" ADD CONSTRAINT "capacities_sort_id_sorts_id_fk" FOREIGN KEY ("sort_id") REFERENCES "public"."sorts"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "capacities" ADD CONSTRAINT "capacities_reviewer_id_users_id_fk" FOREIGN KEY ("reviewer_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "capacity_images" ADD CONSTRAINT "capacity_images_capacity_id_capacities_id_fk" FOREIGN KEY ("capacity_id") REFERENCES "public"."capacities"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "capacity_images" ADD CONSTRAINT "capacity_images_file_id_files_id_fk" FOREIGN KEY ("file_id") REFERENCES "public"."files"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "capacities_root_idx" ON "capacities" USING btree ("root_id","submitted_at");--> statement-breakpoint
CREATE INDEX "capacities_public_idx" ON "capacities" USING btree ("root_id","passed_at") WHERE "capacities"."status" = 'passed';--> statement-breakpoint
CREATE INDEX "capacities_waiting_idx" ON "capacities" USING btree ("submitted_at") WHERE "capacities"."status" = 'waiting';--> statement-breakpoint
CREATE UNIQUE INDEX "capacity_images_file_key" ON "capacity_images" USING btree ("file_id");--> statement-breakpoint
CREATE INDEX "capacity_images_capacity_idx" ON "capacity_images" USING btree ("capacity_id","position");