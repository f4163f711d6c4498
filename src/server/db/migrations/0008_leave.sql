CREATE TABLE "holidays" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"created_by" uuid,
	"name" text NOT NULL,
	"date" date NOT NULL,
	"archived_at" timestamp with time zone,
	"search" text GENERATED ALWAYS AS (f_unaccent(lower(coalesce(name, '')))) STORED
);
--> statement-breakpoint
CREATE TABLE "leave_requests" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"created_by" uuid,
	"reason" text NOT NULL,
	"type" text NOT NULL,
	"start_date" date NOT NULL,
	"end_date" date NOT NULL,
	"half_day" text,
	"status" text DEFAULT 'pending' NOT NULL,
	"days" numeric(6, 1) NOT NULL,
	"user_id" uuid NOT NULL,
	"approvals_required" integer DEFAULT 1 NOT NULL,
	"first_approver_id" uuid,
	"first_approved_at" timestamp with time zone,
	"first_note" text,
	"approver_id" uuid,
	"decided_at" timestamp with time zone,
	"decision_note" text,
	"archived_at" timestamp with time zone,
	"search" text GENERATED ALWAYS AS (f_unaccent(lower(coalesce(reason, '')))) STORED
);
--> statement-breakpoint
CREATE TABLE "leave_matrix" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"created_by" uuid,
	"user_name" text NOT NULL,
	"user_id" uuid NOT NULL,
	"year" integer NOT NULL,
	"entitlement" numeric(6, 1) NOT NULL,
	"carried" numeric(6, 1) DEFAULT 0 NOT NULL,
	"used" numeric(6, 1) DEFAULT 0 NOT NULL,
	"pending" numeric(6, 1) DEFAULT 0 NOT NULL,
	"remaining" numeric(6, 1) DEFAULT 0 NOT NULL,
	"search" text GENERATED ALWAYS AS (f_unaccent(lower(coalesce(user_name, '')))) STORED
);
--> statement-breakpoint
CREATE UNIQUE INDEX "holidays_date_key" ON "holidays" USING btree ("date") WHERE archived_at is null;--> statement-breakpoint
CREATE INDEX "holidays_search_trgm" ON "holidays" USING gin ("search" gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "holidays_name_idx" ON "holidays" USING btree ("name","id") WHERE archived_at is null;--> statement-breakpoint
CREATE INDEX "leave_requests_search_trgm" ON "leave_requests" USING gin ("search" gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "leave_requests_reason_idx" ON "leave_requests" USING btree ("reason","id") WHERE archived_at is null;--> statement-breakpoint
CREATE INDEX "leave_requests_start_date_idx" ON "leave_requests" USING btree ("start_date","id") WHERE archived_at is null;--> statement-breakpoint
CREATE INDEX "leave_requests_user_dates_idx" ON "leave_requests" USING btree ("user_id","start_date","end_date") WHERE archived_at is null;--> statement-breakpoint
CREATE INDEX "leave_requests_status_idx" ON "leave_requests" USING btree ("status") WHERE archived_at is null;--> statement-breakpoint
CREATE INDEX "leave_requests_first_approver_id_idx" ON "leave_requests" USING btree ("first_approver_id");--> statement-breakpoint
CREATE INDEX "leave_requests_approver_id_idx" ON "leave_requests" USING btree ("approver_id");--> statement-breakpoint
CREATE UNIQUE INDEX "leave_matrix_user_year_key" ON "leave_matrix" USING btree ("user_id","year");--> statement-breakpoint
CREATE INDEX "leave_matrix_search_trgm" ON "leave_matrix" USING gin ("search" gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "leave_matrix_user_name_idx" ON "leave_matrix" USING btree ("user_name","id");--> statement-breakpoint
CREATE INDEX "leave_matrix_year_idx" ON "leave_matrix" USING btree ("year","id");