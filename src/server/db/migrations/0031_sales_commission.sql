CREATE TABLE "commission_plans" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"created_by" uuid,
	"name" text NOT NULL,
	"user_id" uuid NOT NULL,
	"effective_from" text NOT NULL,
	"basis" text NOT NULL,
	"mode" text NOT NULL,
	"tiers" jsonb NOT NULL,
	"note" text,
	"archived_at" timestamp with time zone,
	"search" text GENERATED ALWAYS AS (f_unaccent(lower(coalesce(name, '') || ' ' || coalesce(effective_from, '')))) STORED
);
--> statement-breakpoint
CREATE TABLE "commissions" (
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
CREATE INDEX "commission_plans_search_trgm" ON "commission_plans" USING gin ("search" gin_trgm_ops);--> statement-breakpoint
CREATE UNIQUE INDEX "commission_plans_user_month_key" ON "commission_plans" USING btree ("user_id","effective_from") WHERE archived_at is null;--> statement-breakpoint
CREATE INDEX "commission_plans_effective_idx" ON "commission_plans" USING btree ("effective_from","id");--> statement-breakpoint
CREATE INDEX "commissions_search_trgm" ON "commissions" USING gin ("search" gin_trgm_ops);--> statement-breakpoint
CREATE UNIQUE INDEX "commissions_user_period_key" ON "commissions" USING btree ("user_id","period");--> statement-breakpoint
CREATE INDEX "commissions_period_idx" ON "commissions" USING btree ("period","id");