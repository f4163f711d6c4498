CREATE TABLE "external_costs" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"created_by" uuid,
	"description" text NOT NULL,
	"date" date NOT NULL,
	"category" text NOT NULL,
	"vendor" text NOT NULL,
	"vendor_invoice_number" text,
	"amount" numeric(18, 2) NOT NULL,
	"currency" text NOT NULL,
	"exchange_rate" numeric(20, 10) NOT NULL,
	"amount_base" numeric(18, 2) NOT NULL,
	"customer_id" uuid,
	"project_id" uuid,
	"note" text,
	"invoices" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"archived_at" timestamp with time zone,
	"search" text GENERATED ALWAYS AS (f_unaccent(lower(coalesce(description, '') || ' ' || coalesce(vendor, '') || ' ' || coalesce(vendor_invoice_number, '')))) STORED
);
--> statement-breakpoint
CREATE TABLE "month_closes" (
	"month" text PRIMARY KEY NOT NULL,
	"closed_by" uuid,
	"closed_at" timestamp with time zone DEFAULT now() NOT NULL,
	"note" text
);
--> statement-breakpoint
CREATE INDEX "external_costs_search_trgm" ON "external_costs" USING gin ("search" gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "external_costs_date_idx" ON "external_costs" USING btree ("date","id") WHERE archived_at is null;--> statement-breakpoint
CREATE INDEX "external_costs_customer_id_idx" ON "external_costs" USING btree ("customer_id");--> statement-breakpoint
CREATE INDEX "external_costs_project_id_idx" ON "external_costs" USING btree ("project_id");--> statement-breakpoint
CREATE INDEX "external_costs_vendor_number_idx" ON "external_costs" USING btree (lower("vendor"),lower("vendor_invoice_number")) WHERE vendor_invoice_number is not null and archived_at is null;--> statement-breakpoint
CREATE INDEX "external_costs_invoices_gin" ON "external_costs" USING gin ("invoices" jsonb_path_ops);