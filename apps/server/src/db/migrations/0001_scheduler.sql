CREATE TABLE "job_runs" (
	"job_id" text NOT NULL,
	"slot" timestamp with time zone NOT NULL,
	"started_at" timestamp with time zone DEFAULT now() NOT NULL,
	"finished_at" timestamp with time zone,
	"status" text DEFAULT 'running' NOT NULL,
	"error" text,
	CONSTRAINT "job_runs_job_id_slot_pk" PRIMARY KEY("job_id","slot")
);
