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
ALTER TABLE "real_name_verifications" ADD CONSTRAINT "real_name_verifications_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "real_name_verifications" ADD CONSTRAINT "real_name_verifications_attempt_id_verification_attempts_id_fk" FOREIGN KEY ("attempt_id") REFERENCES "public"."verification_attempts"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "real_name_verifications" ADD CONSTRAINT "real_name_verifications_reviewer_id_users_id_fk" FOREIGN KEY ("reviewer_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "verification_attempts" ADD CONSTRAINT "verification_attempts_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "verification_escalations" ADD CONSTRAINT "verification_escalations_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "verification_escalations" ADD CONSTRAINT "verification_escalations_attempt_id_verification_attempts_id_fk" FOREIGN KEY ("attempt_id") REFERENCES "public"."verification_attempts"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "verification_escalations" ADD CONSTRAINT "verification_escalations_reviewer_id_users_id_fk" FOREIGN KEY ("reviewer_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "real_name_verifications_digest_key" ON "real_name_verifications" USING btree ("id_digest");--> statement-breakpoint
CREATE INDEX "verification_attempts_user_idx" ON "verification_attempts" USING btree ("user_id","created_at");--> statement-breakpoint
CREATE UNIQUE INDEX "verification_attempts_request_key" ON "verification_attempts" USING btree ("request_id");--> statement-breakpoint
CREATE UNIQUE INDEX "verification_attempts_pending_key" ON "verification_attempts" USING btree ("user_id") WHERE "verification_attempts"."outcome" = 'pending';--> statement-breakpoint
CREATE UNIQUE INDEX "verification_escalations_pending_key" ON "verification_escalations" USING btree ("user_id") WHERE "verification_escalations"."status" = 'pending';--> statement-breakpoint
CREATE UNIQUE INDEX "verification_escalations_attempt_key" ON "verification_escalations" USING btree ("attempt_id");--> statement-breakpoint
CREATE INDEX "verification_escalations_status_idx" ON "verification_escalations" USING btree ("status","created_at");