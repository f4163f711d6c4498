CREATE TABLE "candidates" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"created_by" uuid,
	"full_name" text NOT NULL,
	"email" text,
	"phone" text,
	"location" text,
	"years_of_experience" integer,
	"level" text DEFAULT 'intern' NOT NULL,
	"status" text DEFAULT 'new' NOT NULL,
	"tech_stack_ids" uuid[] DEFAULT '{}'::uuid[] NOT NULL,
	"expected_salary" numeric(14, 2),
	"notice_period_days" integer,
	"source" text DEFAULT 'linkedin' NOT NULL,
	"owner_hr_id" uuid,
	"currency" text DEFAULT 'USD' NOT NULL,
	"archived_at" timestamp with time zone,
	"search" text GENERATED ALWAYS AS (f_unaccent(lower(coalesce(full_name, '') || ' ' || coalesce(phone, '') || ' ' || coalesce(location, '')))) STORED
);
--> statement-breakpoint
CREATE UNIQUE INDEX "candidates_email_key" ON "candidates" USING btree (lower("email")) WHERE archived_at is null;--> statement-breakpoint
CREATE INDEX "candidates_search_trgm" ON "candidates" USING gin ("search" gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "candidates_full_name_idx" ON "candidates" USING btree ("full_name","id") WHERE archived_at is null;--> statement-breakpoint
CREATE INDEX "candidates_owner_hr_id_idx" ON "candidates" USING btree ("owner_hr_id");--> statement-breakpoint
CREATE INDEX "candidates_tech_stack_ids_idx" ON "candidates" USING gin ("tech_stack_ids");