CREATE TABLE "project_bonuses" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"created_by" uuid,
	"reason" text NOT NULL,
	"project_id" uuid NOT NULL,
	"beneficiary_id" uuid NOT NULL,
	"amount" numeric(14, 2) NOT NULL,
	"currency" text DEFAULT 'USD' NOT NULL,
	"month" text NOT NULL,
	"status" text DEFAULT 'unpaid' NOT NULL,
	"paid_at" timestamp with time zone,
	"note" text,
	"archived_at" timestamp with time zone,
	"search" text GENERATED ALWAYS AS (f_unaccent(lower(coalesce(reason, '') || ' ' || coalesce(month, '')))) STORED
);
--> statement-breakpoint
CREATE INDEX "project_bonuses_search_trgm" ON "project_bonuses" USING gin ("search" gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "project_bonuses_reason_idx" ON "project_bonuses" USING btree ("reason","id") WHERE archived_at is null;--> statement-breakpoint
CREATE INDEX "project_bonuses_project_id_idx" ON "project_bonuses" USING btree ("project_id");--> statement-breakpoint
CREATE INDEX "project_bonuses_beneficiary_id_idx" ON "project_bonuses" USING btree ("beneficiary_id");--> statement-breakpoint
CREATE INDEX "project_bonuses_month_idx" ON "project_bonuses" USING btree ("month","id");