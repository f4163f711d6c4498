CREATE TABLE "job_candidate_events" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"job_candidate_id" uuid NOT NULL,
	"from_stage" text,
	"to_stage" text,
	"note" text,
	"by_user_id" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "job_candidates" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"job_id" uuid NOT NULL,
	"candidate_id" uuid NOT NULL,
	"stage" text DEFAULT 'sourced' NOT NULL,
	"cv" jsonb,
	"added_by" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"archived_at" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "jobs" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"created_by" uuid,
	"title" text NOT NULL,
	"customer_id" uuid NOT NULL,
	"project_id" uuid,
	"tech_stack_ids" uuid[] DEFAULT '{}'::uuid[] NOT NULL,
	"level" text DEFAULT 'middle' NOT NULL,
	"openings" integer DEFAULT 1 NOT NULL,
	"filled" integer DEFAULT 0 NOT NULL,
	"bill_rate" numeric(14, 2),
	"location" text,
	"remote" boolean DEFAULT false NOT NULL,
	"description" text,
	"priority" text DEFAULT 'medium' NOT NULL,
	"deadline" date,
	"status" text DEFAULT 'open' NOT NULL,
	"owner_sale_id" uuid,
	"recruiter_ids" uuid[] DEFAULT '{}'::uuid[] NOT NULL,
	"currency" text DEFAULT 'USD' NOT NULL,
	"archived_at" timestamp with time zone,
	"search" text GENERATED ALWAYS AS (f_unaccent(lower(coalesce(title, '') || ' ' || coalesce(location, '')))) STORED
);
--> statement-breakpoint
ALTER TABLE "job_candidate_events" ADD CONSTRAINT "job_candidate_events_job_candidate_id_job_candidates_id_fk" FOREIGN KEY ("job_candidate_id") REFERENCES "public"."job_candidates"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "job_candidates" ADD CONSTRAINT "job_candidates_job_id_jobs_id_fk" FOREIGN KEY ("job_id") REFERENCES "public"."jobs"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "job_candidate_events_job_candidate_id_idx" ON "job_candidate_events" USING btree ("job_candidate_id","created_at");--> statement-breakpoint
CREATE UNIQUE INDEX "job_candidates_job_candidate_key" ON "job_candidates" USING btree ("job_id","candidate_id") WHERE archived_at is null;--> statement-breakpoint
CREATE INDEX "job_candidates_candidate_id_idx" ON "job_candidates" USING btree ("candidate_id");--> statement-breakpoint
CREATE INDEX "jobs_search_trgm" ON "jobs" USING gin ("search" gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "jobs_title_idx" ON "jobs" USING btree ("title","id") WHERE archived_at is null;--> statement-breakpoint
CREATE INDEX "jobs_customer_id_idx" ON "jobs" USING btree ("customer_id");--> statement-breakpoint
CREATE INDEX "jobs_project_id_idx" ON "jobs" USING btree ("project_id");--> statement-breakpoint
CREATE INDEX "jobs_owner_sale_id_idx" ON "jobs" USING btree ("owner_sale_id");--> statement-breakpoint
CREATE INDEX "jobs_tech_stack_ids_idx" ON "jobs" USING gin ("tech_stack_ids");--> statement-breakpoint
CREATE INDEX "jobs_recruiter_ids_idx" ON "jobs" USING gin ("recruiter_ids");