CREATE TABLE "kpi_evaluations" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"created_by" uuid,
	"user_id" uuid NOT NULL,
	"period" text NOT NULL,
	"state" text DEFAULT 'draft' NOT NULL,
	"rule_version" text NOT NULL,
	"inputs" jsonb NOT NULL,
	"lines" jsonb NOT NULL,
	"missing" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"total" numeric(18, 4) NOT NULL,
	"unit" text NOT NULL,
	"computed_at" timestamp with time zone DEFAULT now() NOT NULL,
	"approved_at" timestamp with time zone,
	"approved_by" uuid,
	"paid_at" timestamp with time zone,
	"paid_by" uuid,
	"notes" text,
	"search" text GENERATED ALWAYS AS (f_unaccent(lower(period || ' ' || coalesce(notes, '')))) STORED
);
--> statement-breakpoint
CREATE TABLE "kpi_targets" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"created_by" uuid,
	"user_id" uuid NOT NULL,
	"year" integer NOT NULL,
	"quarter" integer NOT NULL,
	"period" text NOT NULL,
	"metrics" jsonb NOT NULL,
	"target_bonus" numeric(18, 2),
	"note" text,
	"archived_at" timestamp with time zone,
	"search" text GENERATED ALWAYS AS (f_unaccent(lower(period || ' ' || coalesce(note, '')))) STORED
);
--> statement-breakpoint
CREATE TABLE "statement_questions" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"statement" text NOT NULL,
	"statement_id" uuid NOT NULL,
	"line" text NOT NULL,
	"text" text NOT NULL,
	"asked_by" uuid NOT NULL,
	"asked_by_name" text NOT NULL,
	"asked_at" timestamp with time zone DEFAULT now() NOT NULL,
	"answer" text,
	"answered_by" uuid,
	"answered_by_name" text,
	"answered_at" timestamp with time zone
);
--> statement-breakpoint
CREATE INDEX "kpi_evaluations_search_trgm" ON "kpi_evaluations" USING gin ("search" gin_trgm_ops);--> statement-breakpoint
CREATE UNIQUE INDEX "kpi_evaluations_user_period_key" ON "kpi_evaluations" USING btree ("user_id","period");--> statement-breakpoint
CREATE INDEX "kpi_evaluations_period_idx" ON "kpi_evaluations" USING btree ("period","id");--> statement-breakpoint
CREATE INDEX "kpi_targets_search_trgm" ON "kpi_targets" USING gin ("search" gin_trgm_ops);--> statement-breakpoint
CREATE UNIQUE INDEX "kpi_targets_user_quarter_key" ON "kpi_targets" USING btree ("user_id","year","quarter") WHERE archived_at is null;--> statement-breakpoint
CREATE INDEX "kpi_targets_period_idx" ON "kpi_targets" USING btree ("period","id");--> statement-breakpoint
CREATE INDEX "statement_questions_statement_idx" ON "statement_questions" USING btree ("statement","statement_id","asked_at");