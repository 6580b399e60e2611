CREATE TABLE "album_pictures" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"album_id" bigint NOT NULL,
	"file_id" bigint NOT NULL,
	"position" integer NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "company_albums" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"root_id" integer NOT NULL,
	"name" text NOT NULL,
	"cover_picture_id" bigint,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "company_licences" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"root_id" integer NOT NULL,
	"file_id" bigint NOT NULL,
	"status" text DEFAULT 'pending' NOT NULL,
	"reason" text DEFAULT '' NOT NULL,
	"submitted_by" integer NOT NULL,
	"reviewer_id" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"reviewed_at" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "files" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"owner_id" integer NOT NULL,
	"root_id" integer NOT NULL,
	"kind" text NOT NULL,
	"visibility" text NOT NULL,
	"type" text NOT NULL,
	"name" text DEFAULT '' NOT NULL,
	"size" integer NOT NULL,
	"width" integer NOT NULL,
	"height" integer NOT NULL,
	"key" text NOT NULL,
	"thumb_key" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "company_name_changes" ADD COLUMN "licence_id" bigint;--> statement-breakpoint
ALTER TABLE "album_pictures" ADD CONSTRAINT "album_pictures_album_id_company_albums_id_fk" FOREIGN KEY ("album_id") REFERENCES "public"."company_albums"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "album_pictures" ADD CONSTRAINT "album_pictures_file_id_files_id_fk" FOREIGN KEY ("file_id") REFERENCES "public"."files"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "company_albums" ADD CONSTRAINT "company_albums_root_id_users_id_fk" FOREIGN KEY ("root_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "company_licences" ADD CONSTRAINT "company_licences_root_id_companies_root_id_fk" FOREIGN KEY ("root_id") REFERENCES "public"."companies"("root_id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "company_licences" ADD CONSTRAINT "company_licences_file_id_files_id_fk" FOREIGN KEY ("file_id") REFERENCES "public"."files"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "company_licences" ADD CONSTRAINT "company_licences_submitted_by_users_id_fk" FOREIGN KEY ("submitted_by") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "company_licences" ADD CONSTRAINT "company_licences_reviewer_id_users_id_fk" FOREIGN KEY ("reviewer_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "files" ADD CONSTRAINT "files_owner_id_users_id_fk" FOREIGN KEY ("owner_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "files" ADD CONSTRAINT "files_root_id_users_id_fk" FOREIGN KEY ("root_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "album_pictures_file_key" ON "album_pictures" USING btree ("file_id");--> statement-breakpoint
CREATE INDEX "album_pictures_album_idx" ON "album_pictures" USING btree ("album_id","position");--> statement-breakpoint
CREATE UNIQUE INDEX "company_albums_name_key" ON "company_albums" USING btree ("root_id",lower("name"));--> statement-breakpoint
CREATE INDEX "company_albums_root_idx" ON "company_albums" USING btree ("root_id","created_at");--> statement-breakpoint
CREATE UNIQUE INDEX "company_licences_pending_key" ON "company_licences" USING btree ("root_id") WHERE "company_licences"."status" = 'pending';--> statement-breakpoint
CREATE UNIQUE INDEX "company_licences_approved_key" ON "company_licences" USING btree ("root_id") WHERE "company_licences"."status" = 'approved';--> statement-breakpoint
CREATE UNIQUE INDEX "company_licences_file_key" ON "company_licences" USING btree ("file_id");--> statement-breakpoint
CREATE INDEX "company_licences_root_idx" ON "company_licences" USING btree ("root_id","created_at");--> statement-breakpoint
CREATE UNIQUE INDEX "files_key_key" ON "files" USING btree ("key");--> statement-breakpoint
CREATE UNIQUE INDEX "files_thumb_key_key" ON "files" USING btree ("thumb_key");--> statement-breakpoint
CREATE INDEX "files_owner_idx" ON "files" USING btree ("owner_id","created_at");--> statement-breakpoint
CREATE INDEX "files_root_idx" ON "files" USING btree ("root_id");--> statement-breakpoint
ALTER TABLE "company_name_changes" ADD CONSTRAINT "company_name_changes_licence_id_company_licences_id_fk" FOREIGN KEY ("licence_id") REFERENCES "public"."company_licences"("id") ON DELETE no action ON UPDATE no action;