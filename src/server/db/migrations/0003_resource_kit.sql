CREATE TABLE "customers" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"created_by" uuid,
	"name" text NOT NULL,
	"code" text NOT NULL,
	"country" text,
	"currency" text DEFAULT 'USD' NOT NULL,
	"billing_contact" text,
	"billing_email" text,
	"address" text,
	"tax_id" text,
	"payment_terms_days" integer DEFAULT 30 NOT NULL,
	"status" text DEFAULT 'active' NOT NULL,
	"owner_sale_id" uuid,
	"archived_at" timestamp with time zone,
	"search" text GENERATED ALWAYS AS (f_unaccent(lower(name || ' ' || code || ' ' || coalesce(billing_contact, '') || ' ' || coalesce(billing_email, '')))) STORED
);
--> statement-breakpoint
CREATE TABLE "projects" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"created_by" uuid,
	"name" text NOT NULL,
	"code" text NOT NULL,
	"customer_id" uuid NOT NULL,
	"status" text DEFAULT 'active' NOT NULL,
	"start_date" date,
	"end_date" date,
	"tech_stack_ids" uuid[] DEFAULT '{}'::uuid[] NOT NULL,
	"archived_at" timestamp with time zone,
	"search" text GENERATED ALWAYS AS (f_unaccent(lower(name || ' ' || code))) STORED
);
--> statement-breakpoint
CREATE TABLE "tech_stacks" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"created_by" uuid,
	"name" text NOT NULL,
	"category" text DEFAULT 'other' NOT NULL,
	"archived_at" timestamp with time zone,
	"search" text GENERATED ALWAYS AS (f_unaccent(lower(name))) STORED
);
--> statement-breakpoint
DROP INDEX "users_email_key";--> statement-breakpoint
CREATE UNIQUE INDEX "customers_code_key" ON "customers" USING btree (lower("code")) WHERE archived_at is null;--> statement-breakpoint
CREATE INDEX "customers_search_trgm" ON "customers" USING gin ("search" gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "customers_name_idx" ON "customers" USING btree ("name","id") WHERE archived_at is null;--> statement-breakpoint
CREATE INDEX "customers_owner_idx" ON "customers" USING btree ("owner_sale_id");--> statement-breakpoint
CREATE UNIQUE INDEX "projects_code_key" ON "projects" USING btree (lower("code")) WHERE archived_at is null;--> statement-breakpoint
CREATE INDEX "projects_search_trgm" ON "projects" USING gin ("search" gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "projects_customer_idx" ON "projects" USING btree ("customer_id","name");--> statement-breakpoint
CREATE INDEX "projects_tech_stacks_idx" ON "projects" USING gin ("tech_stack_ids");--> statement-breakpoint
CREATE UNIQUE INDEX "tech_stacks_name_key" ON "tech_stacks" USING btree (lower("name")) WHERE archived_at is null;--> statement-breakpoint
CREATE INDEX "tech_stacks_search_trgm" ON "tech_stacks" USING gin ("search" gin_trgm_ops);--> statement-breakpoint
CREATE UNIQUE INDEX "users_email_key" ON "users" USING btree (lower("email")) WHERE archived_at is null;