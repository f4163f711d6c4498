CREATE TABLE "invoice_number_series" (
	"series" text PRIMARY KEY NOT NULL,
	"last_number" integer NOT NULL
);
--> statement-breakpoint
CREATE TABLE "invoices" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"created_by" uuid,
	"number" text,
	"subject" text NOT NULL,
	"customer_id" uuid NOT NULL,
	"project_id" uuid,
	"sale_id" uuid,
	"period" text NOT NULL,
	"issue_date" date NOT NULL,
	"due_date" date NOT NULL,
	"currency" text NOT NULL,
	"exchange_rate" numeric(20, 10) NOT NULL,
	"tax_rate" numeric(5, 2) NOT NULL,
	"lines" jsonb NOT NULL,
	"subtotal" numeric(18, 2) NOT NULL,
	"tax" numeric(18, 2) NOT NULL,
	"total" numeric(18, 2) NOT NULL,
	"total_base" numeric(18, 2) NOT NULL,
	"status" text DEFAULT 'draft' NOT NULL,
	"sent_at" timestamp with time zone,
	"paid_at" date,
	"paid_amount" numeric(18, 2),
	"paid_note" text,
	"cancelled_at" timestamp with time zone,
	"cancel_note" text,
	"note" text,
	"file" jsonb,
	"archived_at" timestamp with time zone,
	"search" text GENERATED ALWAYS AS (f_unaccent(lower(subject || ' ' || coalesce(number, '') || ' ' || period))) STORED
);
--> statement-breakpoint
CREATE UNIQUE INDEX "invoices_number_key" ON "invoices" USING btree ("number") WHERE number is not null;--> statement-breakpoint
CREATE INDEX "invoices_search_trgm" ON "invoices" USING gin ("search" gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "invoices_issue_date_idx" ON "invoices" USING btree ("issue_date","id") WHERE archived_at is null;--> statement-breakpoint
CREATE INDEX "invoices_customer_id_idx" ON "invoices" USING btree ("customer_id");--> statement-breakpoint
CREATE INDEX "invoices_project_id_idx" ON "invoices" USING btree ("project_id");--> statement-breakpoint
CREATE INDEX "invoices_sale_id_idx" ON "invoices" USING btree ("sale_id");--> statement-breakpoint
CREATE INDEX "invoices_open_due_idx" ON "invoices" USING btree ("due_date") WHERE status = 'sent' and archived_at is null;--> statement-breakpoint
CREATE INDEX "invoices_lines_gin" ON "invoices" USING gin ("lines" jsonb_path_ops);