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
CREATE TABLE "company_follows" (
	"user_id" integer NOT NULL,
	"root_id" integer NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "company_follows_user_id_root_id_pk" PRIMARY KEY("user_id","root_id")
);
--> statement-breakpoint
CREATE TABLE "shop_applications" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"root_id" integer NOT NULL,
	"status" text DEFAULT 'waiting' NOT NULL,
	"reason" text DEFAULT '' NOT NULL,
	"stock_count" integer DEFAULT 0 NOT NULL,
	"capacity_count" integer DEFAULT 0 NOT NULL,
	"reviewer_id" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"reviewed_at" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "real_name_verifications" (
	"user_id" integer PRIMARY KEY NOT NULL,
	"real_name_sealed" text NOT NULL,
	"id_number_sealed" text NOT NULL,
	"id_digest" text NOT NULL,
	"real_name_masked" text NOT NULL,
	"id_number_masked" text NOT NULL,
	"method" text NOT NULL,
	"attempt_id" bigint NOT NULL,
	"reviewer_id" integer,
	"verified_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE TABLE "verification_attempts" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"user_id" integer NOT NULL,
	"real_name_sealed" text NOT NULL,
	"id_number_sealed" text NOT NULL,
	"id_digest" text NOT NULL,
	"real_name_masked" text NOT NULL,
	"id_number_masked" text NOT NULL,
	"outcome" text DEFAULT 'pending' NOT NULL,
	"request_id" text NOT NULL,
	"provider_ref" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"answered_at" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "verification_escalations" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"user_id" integer NOT NULL,
	"attempt_id" bigint NOT NULL,
	"kind" text NOT NULL,
	"note" text NOT NULL,
	"status" text DEFAULT 'pending' NOT NULL,
	"reason" text DEFAULT '' NOT NULL,
	"reviewer_id" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"reviewed_at" timestamp with time zone
);
--> statement-breakpoint
ALTER TABLE "companies" ADD COLUMN "shop_opened_at" timestamp with time zone;--> statement-breakpoint
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
ALTER TABLE "company_follows" ADD CONSTRAINT "company_follows_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "company_follows" ADD CONSTRAINT "company_follows_root_id_companies_root_id_fk" FOREIGN KEY ("root_id") REFERENCES "public"."companies"("root_id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "shop_applications" ADD CONSTRAINT "shop_applications_root_id_companies_root_id_fk" FOREIGN KEY ("root_id") REFERENCES "public"."companies"("root_id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "shop_applications" ADD CONSTRAINT "shop_applications_reviewer_id_users_id_fk" FOREIGN KEY ("reviewer_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "real_name_verifications" ADD CONSTRAINT "real_name_verifications_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "real_name_verifications" ADD CONSTRAINT "real_name_verifications_attempt_id_verification_attempts_id_fk" FOREIGN KEY ("attempt_id") REFERENCES "public"."verification_attempts"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "real_name_verifications" ADD CONSTRAINT "real_name_verifications_reviewer_id_users_id_fk" FOREIGN KEY ("reviewer_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "verification_attempts" ADD CONSTRAINT "verification_attempts_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "verification_escalations" ADD CONSTRAINT "verification_escalations_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "verification_escalations" ADD CONSTRAINT "verification_escalations_attempt_id_verification_attempts_id_fk" FOREIGN KEY ("attempt_id") REFERENCES "public"."verification_attempts"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "verification_escalations" ADD CONSTRAINT "verification_escalations_reviewer_id_users_id_fk" FOREIGN KEY ("reviewer_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
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
CREATE INDEX "company_follows_root_idx" ON "company_follows" USING btree ("root_id");--> statement-breakpoint
CREATE INDEX "company_follows_user_idx" ON "company_follows" USING btree ("user_id","created_at");--> statement-breakpoint
CREATE UNIQUE INDEX "shop_applications_waiting_key" ON "shop_applications" USING btree ("root_id") WHERE "shop_applications"."status" = 'waiting';--> statement-breakpoint
CREATE INDEX "shop_applications_root_idx" ON "shop_applications" USING btree ("root_id","created_at");--> statement-breakpoint
CREATE UNIQUE INDEX "real_name_verifications_digest_key" ON "real_name_verifications" USING btree ("id_digest");--> statement-breakpoint
CREATE INDEX "verification_attempts_user_idx" ON "verification_attempts" USING btree ("user_id","created_at");--> statement-breakpoint
CREATE UNIQUE INDEX "verification_attempts_request_key" ON "verification_attempts" USING btree ("request_id");--> statement-breakpoint
CREATE UNIQUE INDEX "verification_attempts_pending_key" ON "verification_attempts" USING btree ("user_id") WHERE "verification_attempts"."outcome" = 'pending';--> statement-breakpoint
CREATE UNIQUE INDEX "verification_escalations_pending_key" ON "verification_escalations" USING btree ("user_id") WHERE "verification_escalations"."status" = 'pending';--> statement-breakpoint
CREATE UNIQUE INDEX "verification_escalations_attempt_key" ON "verification_escalations" USING btree ("attempt_id");--> statement-breakpoint
CREATE INDEX "verification_escalations_status_idx" ON "verification_escalations" USING btree ("status","created_at");--> statement-breakpoint
ALTER TABLE "company_name_changes" ADD CONSTRAINT "company_name_changes_licence_id_company_licences_id_fk" FOREIGN KEY ("licence_id") REFERENCES "public"."company_licences"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "operator_actions_created_idx" ON "operator_actions" USING btree ("created_at","id");