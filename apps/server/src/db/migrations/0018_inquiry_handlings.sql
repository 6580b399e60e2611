CREATE TABLE "inquiry_handlings" (
	"inquiry_id" bigint NOT NULL,
	"root_id" integer NOT NULL,
	"user_id" integer NOT NULL,
	"state" text NOT NULL,
	"updated_at" timestamp with time zone NOT NULL,
	CONSTRAINT "inquiry_handlings_inquiry_id_root_id_pk" PRIMARY KEY("inquiry_id","root_id")
);
--> statement-breakpoint
ALTER TABLE "inquiry_handlings" ADD CONSTRAINT "inquiry_handlings_inquiry_id_inquiries_id_fk" FOREIGN KEY ("inquiry_id") REFERENCES "public"."inquiries"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "inquiry_handlings" ADD CONSTRAINT "inquiry_handlings_root_id_companies_root_id_fk" FOREIGN KEY ("root_id") REFERENCES "public"."companies"("root_id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "inquiry_handlings" ADD CONSTRAINT "inquiry_handlings_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "inquiry_handlings_user_idx" ON "inquiry_handlings" USING btree ("user_id","state","updated_at");