CREATE TABLE "salaries" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"created_by" uuid,
	"user_id" uuid NOT NULL,
	"month" text NOT NULL,
	"base" numeric(18, 2) NOT NULL,
	"allowance" numeric(18, 2) NOT NULL,
	"overtime" numeric(18, 2) NOT NULL,
	"bonus" numeric(18, 2) NOT NULL,
	"commission" numeric(18, 2) NOT NULL,
	"deductions" numeric(18, 2) NOT NULL,
	"net" numeric(18, 2) NOT NULL,
	"currency" text NOT NULL,
	"status" text DEFAULT 'draft' NOT NULL,
	"approved_at" timestamp with time zone,
	"paid_at" timestamp with time zone,
	"note" text,
	"archived_at" timestamp with time zone,
	"search" text GENERATED ALWAYS AS (f_unaccent(lower(month || ' ' || coalesce(note, '')))) STORED
);
--> statement-breakpoint
CREATE TABLE "salary_imports" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"created_by" uuid,
	"month" text NOT NULL,
	"file_name" text NOT NULL,
	"sha256" text NOT NULL,
	"file_id" uuid NOT NULL,
	"counts" jsonb NOT NULL,
	"totals" jsonb NOT NULL
);
--> statement-breakpoint
CREATE UNIQUE INDEX "salaries_user_month_key" ON "salaries" USING btree ("user_id","month") WHERE archived_at is null;--> statement-breakpoint
CREATE INDEX "salaries_search_trgm" ON "salaries" USING gin ("search" gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "salaries_month_idx" ON "salaries" USING btree ("month","id") WHERE archived_at is null;--> statement-breakpoint
CREATE INDEX "salaries_user_id_idx" ON "salaries" USING btree ("user_id");--> statement-breakpoint
CREATE UNIQUE INDEX "salary_imports_file_month_key" ON "salary_imports" USING btree ("sha256","month");