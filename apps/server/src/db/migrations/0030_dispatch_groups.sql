CREATE TABLE "dispatch_group_areas" (
	"group_id" integer NOT NULL,
	"province" text NOT NULL,
	"city" text DEFAULT '' NOT NULL,
	"district" text DEFAULT '' NOT NULL,
	CONSTRAINT "dispatch_group_areas_group_id_province_city_district_pk" PRIMARY KEY("group_id","province","city","district")
);
--> statement-breakpoint
CREATE TABLE "dispatch_group_members" (
	"group_id" integer NOT NULL,
	"user_id" integer NOT NULL,
	"role" text NOT NULL,
	CONSTRAINT "dispatch_group_members_group_id_user_id_pk" PRIMARY KEY("group_id","user_id")
);
--> statement-breakpoint
CREATE TABLE "dispatch_group_products" (
	"group_id" integer NOT NULL,
	"sort_id" integer NOT NULL,
	CONSTRAINT "dispatch_group_products_group_id_sort_id_pk" PRIMARY KEY("group_id","sort_id")
);
--> statement-breakpoint
CREATE TABLE "dispatch_groups" (
	"id" serial PRIMARY KEY NOT NULL,
	"root_id" integer NOT NULL,
	"name" text NOT NULL,
	"mode" text NOT NULL,
	"assign_hours" integer,
	"created_at" timestamp with time zone NOT NULL,
	"updated_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE TABLE "inquiry_dispatches" (
	"inquiry_id" bigint NOT NULL,
	"root_id" integer NOT NULL,
	"group_id" integer NOT NULL,
	"assignee_id" integer,
	"routed_at" timestamp with time zone NOT NULL,
	"assigned_at" timestamp with time zone,
	"due_at" timestamp with time zone,
	"escalated_at" timestamp with time zone,
	CONSTRAINT "inquiry_dispatches_inquiry_id_root_id_pk" PRIMARY KEY("inquiry_id","root_id")
);
--> statement-breakpoint
ALTER TABLE "dispatch_group_areas" ADD CONSTRAINT "dispatch_group_areas_group_id_dispatch_groups_id_fk" FOREIGN KEY ("group_id") REFERENCES "public"."dispatch_groups"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "dispatch_group_members" ADD CONSTRAINT "dispatch_group_members_group_id_dispatch_groups_id_fk" FOREIGN KEY ("group_id") REFERENCES "public"."dispatch_groups"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "dispatch_group_members" ADD CONSTRAINT "dispatch_group_members_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "dispatch_group_products" ADD CONSTRAINT "dispatch_group_products_group_id_dispatch_groups_id_fk" FOREIGN KEY ("group_id") REFERENCES "public"."dispatch_groups"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "dispatch_group_products" ADD CONSTRAINT "dispatch_group_products_sort_id_sorts_id_fk" FOREIGN KEY ("sort_id") REFERENCES "public"."sorts"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "dispatch_groups" ADD CONSTRAINT "dispatch_groups_root_id_companies_root_id_fk" FOREIGN KEY ("root_id") REFERENCES "public"."companies"("root_id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "inquiry_dispatches" ADD CONSTRAINT "inquiry_dispatches_inquiry_id_inquiries_id_fk" FOREIGN KEY ("inquiry_id") REFERENCES "public"."inquiries"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "inquiry_dispatches" ADD CONSTRAINT "inquiry_dispatches_root_id_companies_root_id_fk" FOREIGN KEY ("root_id") REFERENCES "public"."companies"("root_id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "inquiry_dispatches" ADD CONSTRAINT "inquiry_dispatches_group_id_dispatch_groups_id_fk" FOREIGN KEY ("group_id") REFERENCES "public"."dispatch_groups"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "inquiry_dispatches" ADD CONSTRAINT "inquiry_dispatches_assignee_id_users_id_fk" FOREIGN KEY ("assignee_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "dispatch_group_members_user_idx" ON "dispatch_group_members" USING btree ("user_id");--> statement-breakpoint
CREATE UNIQUE INDEX "dispatch_groups_name_key" ON "dispatch_groups" USING btree ("root_id","name");--> statement-breakpoint
CREATE INDEX "inquiry_dispatches_group_idx" ON "inquiry_dispatches" USING btree ("group_id");--> statement-breakpoint
CREATE INDEX "inquiry_dispatches_due_idx" ON "inquiry_dispatches" USING btree ("due_at") WHERE "inquiry_dispatches"."escalated_at" is null and "inquiry_dispatches"."due_at" is not null;