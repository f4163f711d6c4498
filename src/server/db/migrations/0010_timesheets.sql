CREATE TABLE "timesheet_locks" (
	"month" text PRIMARY KEY NOT NULL,
	"locked_by" uuid,
	"locked_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "timesheets" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"created_by" uuid,
	"note" text DEFAULT '' NOT NULL,
	"user_id" uuid NOT NULL,
	"project_id" uuid NOT NULL,
	"headcount_id" uuid,
	"date" date NOT NULL,
	"hours" numeric(5, 2) NOT NULL,
	"bill_rate" numeric(14, 2),
	"rate_unit" text,
	"currency" text,
	"search" text GENERATED ALWAYS AS (f_unaccent(lower(coalesce(note, '')))) STORED
);
--> statement-breakpoint
CREATE UNIQUE INDEX "timesheets_user_project_date_key" ON "timesheets" USING btree ("user_id","project_id","date");--> statement-breakpoint
CREATE INDEX "timesheets_search_trgm" ON "timesheets" USING gin ("search" gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "timesheets_user_date_idx" ON "timesheets" USING btree ("user_id","date");--> statement-breakpoint
CREATE INDEX "timesheets_date_idx" ON "timesheets" USING btree ("date");--> statement-breakpoint
CREATE INDEX "timesheets_project_id_idx" ON "timesheets" USING btree ("project_id");--> statement-breakpoint
CREATE INDEX "timesheets_headcount_id_idx" ON "timesheets" USING btree ("headcount_id");