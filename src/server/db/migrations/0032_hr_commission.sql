CREATE TABLE "hr_commission_matrices" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"created_by" uuid,
	"effective_month" text NOT NULL,
	"basis" text NOT NULL,
	"intern" numeric(14, 2),
	"junior" numeric(14, 2),
	"middle" numeric(14, 2),
	"senior" numeric(14, 2),
	"lead" numeric(14, 2),
	"billing_percent" numeric(5, 2),
	"probation_days" integer DEFAULT 60 NOT NULL,
	"note" text,
	"archived_at" timestamp with time zone,
	"search" text GENERATED ALWAYS AS (f_unaccent(lower(effective_month || ' ' || coalesce(note, '')))) STORED
);
--> statement-breakpoint
CREATE TABLE "hr_commission_splits" (
	"headcount_id" uuid PRIMARY KEY NOT NULL,
	"shares" jsonb NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_by" uuid
);
--> statement-breakpoint
CREATE TABLE "hr_commissions" (
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
CREATE UNIQUE INDEX "hr_commission_matrices_effective_month_key" ON "hr_commission_matrices" USING btree (lower("effective_month")) WHERE archived_at is null;--> statement-breakpoint
CREATE INDEX "hr_commission_matrices_search_trgm" ON "hr_commission_matrices" USING gin ("search" gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "hr_commission_matrices_effective_month_idx" ON "hr_commission_matrices" USING btree ("effective_month","id") WHERE archived_at is null;--> statement-breakpoint
CREATE INDEX "hr_commission_splits_shares_idx" ON "hr_commission_splits" USING gin ("shares" jsonb_path_ops);--> statement-breakpoint
CREATE INDEX "hr_commissions_search_trgm" ON "hr_commissions" USING gin ("search" gin_trgm_ops);--> statement-breakpoint
CREATE UNIQUE INDEX "hr_commissions_user_period_key" ON "hr_commissions" USING btree ("user_id","period");--> statement-breakpoint
CREATE INDEX "hr_commissions_period_idx" ON "hr_commissions" USING btree ("period","id");