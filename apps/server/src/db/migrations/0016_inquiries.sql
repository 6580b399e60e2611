CREATE TABLE "inquiries" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"root_id" integer NOT NULL,
	"posted_by" integer NOT NULL,
	"sort_id" integer NOT NULL,
	"status" text NOT NULL,
	"reason" text DEFAULT '' NOT NULL,
	"visibility" text NOT NULL,
	"tax_included" boolean NOT NULL,
	"freight_included" boolean NOT NULL,
	"payment_method" text NOT NULL,
	"credit_days" integer,
	"quote_deadline" timestamp with time zone NOT NULL,
	"delivery_date" date,
	"supplier_province" text DEFAULT '' NOT NULL,
	"supplier_city" text DEFAULT '' NOT NULL,
	"receiver" text NOT NULL,
	"receiver_phone" text NOT NULL,
	"province" text NOT NULL,
	"city" text NOT NULL,
	"district" text DEFAULT '' NOT NULL,
	"address" text NOT NULL,
	"lng" double precision,
	"lat" double precision,
	"remark" text DEFAULT '' NOT NULL,
	"total_quantity_kg" bigint NOT NULL,
	"quote_count" integer DEFAULT 0 NOT NULL,
	"views" integer DEFAULT 0 NOT NULL,
	"submitted_at" timestamp with time zone NOT NULL,
	"reviewer_id" integer,
	"reviewed_at" timestamp with time zone,
	"published_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "inquiry_attachments" (
	"inquiry_id" bigint NOT NULL,
	"file_id" integer NOT NULL,
	"position" integer NOT NULL,
	CONSTRAINT "inquiry_attachments_inquiry_id_file_id_pk" PRIMARY KEY("inquiry_id","file_id")
);
--> statement-breakpoint
CREATE TABLE "inquiry_designations" (
	"inquiry_id" bigint NOT NULL,
	"root_id" integer NOT NULL,
	CONSTRAINT "inquiry_designations_inquiry_id_root_id_pk" PRIMARY KEY("inquiry_id","root_id")
);
--> statement-breakpoint
CREATE TABLE "inquiry_quote_items" (
	"quote_id" bigint NOT NULL,
	"spec_id" bigint NOT NULL,
	"unit_price_fen" bigint NOT NULL,
	"amount_fen" bigint NOT NULL,
	CONSTRAINT "inquiry_quote_items_quote_id_spec_id_pk" PRIMARY KEY("quote_id","spec_id")
);
--> statement-breakpoint
CREATE TABLE "inquiry_quotes" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"inquiry_id" bigint NOT NULL,
	"root_id" integer NOT NULL,
	"user_id" integer NOT NULL,
	"status" text NOT NULL,
	"total_fen" bigint NOT NULL,
	"tax_included" boolean NOT NULL,
	"freight_included" boolean NOT NULL,
	"payment_method" text NOT NULL,
	"credit_days" integer,
	"delivery_date" date NOT NULL,
	"remark" text DEFAULT '' NOT NULL,
	"created_at" timestamp with time zone NOT NULL,
	"updated_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE TABLE "inquiry_specs" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"inquiry_id" bigint NOT NULL,
	"position" integer NOT NULL,
	"product_name" text DEFAULT '' NOT NULL,
	"specification" text DEFAULT '' NOT NULL,
	"quantity_kg" bigint NOT NULL,
	"attributes" jsonb DEFAULT '[]'::jsonb NOT NULL
);
--> statement-breakpoint
CREATE TABLE "inquiry_views" (
	"inquiry_id" bigint NOT NULL,
	"user_id" integer NOT NULL,
	"day" date NOT NULL,
	CONSTRAINT "inquiry_views_inquiry_id_user_id_day_pk" PRIMARY KEY("inquiry_id","user_id","day")
);
--> statement-breakpoint
ALTER TABLE "inquiries" ADD CONSTRAINT "inquiries_root_id_companies_root_id_fk" FOREIGN KEY ("root_id") REFERENCES "public"."companies"("root_id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "inquiries" ADD CONSTRAINT "inquiries_posted_by_users_id_fk" FOREIGN KEY ("posted_by") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "inquiries" ADD CONSTRAINT "inquiries_sort_id_sorts_id_fk" FOREIGN KEY ("sort_id") REFERENCES "public"."sorts"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "inquiries" ADD CONSTRAINT "inquiries_reviewer_id_users_id_fk" FOREIGN KEY ("reviewer_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "inquiry_attachments" ADD CONSTRAINT "inquiry_attachments_inquiry_id_inquiries_id_fk" FOREIGN KEY ("inquiry_id") REFERENCES "public"."inquiries"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "inquiry_attachments" ADD CONSTRAINT "inquiry_attachments_file_id_files_id_fk" FOREIGN KEY ("file_id") REFERENCES "public"."files"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "inquiry_designations" ADD CONSTRAINT "inquiry_designations_inquiry_id_inquiries_id_fk" FOREIGN KEY ("inquiry_id") REFERENCES "public"."inquiries"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "inquiry_designations" ADD CONSTRAINT "inquiry_designations_root_id_companies_root_id_fk" FOREIGN KEY ("root_id") REFERENCES "public"."companies"("root_id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "inquiry_quote_items" ADD CONSTRAINT "inquiry_quote_items_quote_id_inquiry_quotes_id_fk" FOREIGN KEY ("quote_id") REFERENCES "public"."inquiry_quotes"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "inquiry_quote_items" ADD CONSTRAINT "inquiry_quote_items_spec_id_inquiry_specs_id_fk" FOREIGN KEY ("spec_id") REFERENCES "public"."inquiry_specs"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "inquiry_quotes" ADD CONSTRAINT "inquiry_quotes_inquiry_id_inquiries_id_fk" FOREIGN KEY ("inquiry_id") REFERENCES "public"."inquiries"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "inquiry_quotes" ADD CONSTRAINT "inquiry_quotes_root_id_companies_root_id_fk" FOREIGN KEY ("root_id") REFERENCES "public"."companies"("root_id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "inquiry_quotes" ADD CONSTRAINT "inquiry_quotes_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "inquiry_specs" ADD CONSTRAINT "inquiry_specs_inquiry_id_inquiries_id_fk" FOREIGN KEY ("inquiry_id") REFERENCES "public"."inquiries"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "inquiry_views" ADD CONSTRAINT "inquiry_views_inquiry_id_inquiries_id_fk" FOREIGN KEY ("inquiry_id") REFERENCES "public"."inquiries"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "inquiry_views" ADD CONSTRAINT "inquiry_views_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "inquiries_root_idx" ON "inquiries" USING btree ("root_id","created_at");--> statement-breakpoint
CREATE INDEX "inquiries_hall_idx" ON "inquiries" USING btree ("published_at") WHERE "inquiries"."status" = 'open' and "inquiries"."visibility" = 'public';--> statement-breakpoint
CREATE INDEX "inquiries_review_idx" ON "inquiries" USING btree ("submitted_at") WHERE "inquiries"."status" = 'review';--> statement-breakpoint
CREATE INDEX "inquiries_deadline_idx" ON "inquiries" USING btree ("quote_deadline") WHERE "inquiries"."status" = 'open';--> statement-breakpoint
CREATE INDEX "inquiry_designations_root_idx" ON "inquiry_designations" USING btree ("root_id");--> statement-breakpoint
CREATE UNIQUE INDEX "inquiry_quotes_live_key" ON "inquiry_quotes" USING btree ("inquiry_id","root_id") WHERE "inquiry_quotes"."status" = 'live';--> statement-breakpoint
CREATE INDEX "inquiry_quotes_inquiry_idx" ON "inquiry_quotes" USING btree ("inquiry_id","created_at");--> statement-breakpoint
CREATE INDEX "inquiry_quotes_root_idx" ON "inquiry_quotes" USING btree ("root_id","created_at");--> statement-breakpoint
CREATE INDEX "inquiry_specs_inquiry_idx" ON "inquiry_specs" USING btree ("inquiry_id","position");