CREATE TABLE "headcount_share_links" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"customer_id" uuid NOT NULL,
	"token_hash" text NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"revoked_at" timestamp with time zone,
	"created_by" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "headcounts" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"created_by" uuid,
	"title" text NOT NULL,
	"user_id" uuid NOT NULL,
	"customer_id" uuid NOT NULL,
	"project_id" uuid,
	"billing_rate" numeric(14, 2) NOT NULL,
	"rate_unit" text DEFAULT 'month' NOT NULL,
	"allocation" integer DEFAULT 100 NOT NULL,
	"start_date" date NOT NULL,
	"end_date" date,
	"status" text DEFAULT 'pending' NOT NULL,
	"sale_id" uuid,
	"hr_id" uuid,
	"currency" text DEFAULT 'USD' NOT NULL,
	"archived_at" timestamp with time zone,
	"search" text GENERATED ALWAYS AS (f_unaccent(lower(coalesce(title, '')))) STORED
);
--> statement-breakpoint
CREATE UNIQUE INDEX "headcount_share_links_token_key" ON "headcount_share_links" USING btree ("token_hash");--> statement-breakpoint
CREATE INDEX "headcount_share_links_customer_idx" ON "headcount_share_links" USING btree ("customer_id");--> statement-breakpoint
CREATE INDEX "headcounts_search_trgm" ON "headcounts" USING gin ("search" gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "headcounts_title_idx" ON "headcounts" USING btree ("title","id") WHERE archived_at is null;--> statement-breakpoint
CREATE INDEX "headcounts_user_id_idx" ON "headcounts" USING btree ("user_id");--> statement-breakpoint
CREATE INDEX "headcounts_customer_id_idx" ON "headcounts" USING btree ("customer_id");--> statement-breakpoint
CREATE INDEX "headcounts_project_id_idx" ON "headcounts" USING btree ("project_id");--> statement-breakpoint
CREATE INDEX "headcounts_sale_id_idx" ON "headcounts" USING btree ("sale_id");--> statement-breakpoint
CREATE INDEX "headcounts_hr_id_idx" ON "headcounts" USING btree ("hr_id");