CREATE TABLE "salary_pay_items" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"salary_id" uuid NOT NULL,
	"user_id" uuid NOT NULL,
	"month" text NOT NULL,
	"column" text NOT NULL,
	"amount" numeric(18, 2) NOT NULL,
	"source_amount" numeric(18, 2) NOT NULL,
	"source_currency" text NOT NULL,
	"rate" numeric(24, 10) NOT NULL,
	"resource" text NOT NULL,
	"source_id" uuid NOT NULL,
	"label" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "bonus_scales" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"created_by" uuid,
	"effective_from" text NOT NULL,
	"levels" jsonb NOT NULL,
	"fund_percent" numeric(6, 2) NOT NULL,
	"fund_threshold" numeric(6, 2) NOT NULL,
	"note" text,
	"archived_at" timestamp with time zone,
	"search" text GENERATED ALWAYS AS (f_unaccent(lower(effective_from || ' ' || coalesce(note, '')))) STORED
);
--> statement-breakpoint
CREATE TABLE "bonus_fund_shares" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"fund_id" uuid NOT NULL,
	"user_id" uuid NOT NULL,
	"evaluation_id" uuid NOT NULL,
	"achievement" numeric(8, 2) NOT NULL,
	"amount" numeric(18, 2) NOT NULL,
	"paid_at" timestamp with time zone,
	"paid_by" uuid
);
--> statement-breakpoint
CREATE TABLE "bonus_funds" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"created_by" uuid,
	"period" text NOT NULL,
	"currency" text NOT NULL,
	"profit" numeric(18, 2) NOT NULL,
	"percent" numeric(6, 2) NOT NULL,
	"threshold" numeric(6, 2) NOT NULL,
	"pool" numeric(18, 2) NOT NULL,
	"scale_id" uuid NOT NULL,
	"inputs" jsonb NOT NULL,
	"lines" jsonb NOT NULL,
	"allocated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "bonus_funds_period_unique" UNIQUE("period")
);
--> statement-breakpoint
CREATE TABLE "kpi_bonuses" (
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
	"note" text,
	"search" text GENERATED ALWAYS AS (f_unaccent(lower(period || ' ' || coalesce(note, '')))) STORED
);
--> statement-breakpoint
CREATE UNIQUE INDEX "salary_pay_items_source_key" ON "salary_pay_items" USING btree ("resource","source_id","user_id");--> statement-breakpoint
CREATE INDEX "salary_pay_items_salary_idx" ON "salary_pay_items" USING btree ("salary_id");--> statement-breakpoint
CREATE UNIQUE INDEX "bonus_scales_effective_from_key" ON "bonus_scales" USING btree ("effective_from") WHERE archived_at is null;--> statement-breakpoint
CREATE INDEX "bonus_scales_search_trgm" ON "bonus_scales" USING gin ("search" gin_trgm_ops);--> statement-breakpoint
CREATE UNIQUE INDEX "bonus_fund_shares_fund_user_key" ON "bonus_fund_shares" USING btree ("fund_id","user_id");--> statement-breakpoint
CREATE INDEX "bonus_fund_shares_user_idx" ON "bonus_fund_shares" USING btree ("user_id");--> statement-breakpoint
CREATE INDEX "kpi_bonuses_search_trgm" ON "kpi_bonuses" USING gin ("search" gin_trgm_ops);--> statement-breakpoint
CREATE UNIQUE INDEX "kpi_bonuses_user_period_key" ON "kpi_bonuses" USING btree ("user_id","period");--> statement-breakpoint
CREATE INDEX "kpi_bonuses_period_idx" ON "kpi_bonuses" USING btree ("period","id");