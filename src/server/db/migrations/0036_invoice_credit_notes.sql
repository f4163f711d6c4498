DROP INDEX "invoices_analytics_open_idx";--> statement-breakpoint
ALTER TABLE "invoices" ADD COLUMN "kind" text DEFAULT 'invoice' NOT NULL;--> statement-breakpoint
ALTER TABLE "invoices" ADD COLUMN "credit_of" uuid;--> statement-breakpoint
ALTER TABLE "invoices" ADD COLUMN "credited" numeric(18, 2) DEFAULT '0' NOT NULL;--> statement-breakpoint
CREATE INDEX "invoices_credit_of_idx" ON "invoices" USING btree ("credit_of") WHERE credit_of is not null;--> statement-breakpoint
CREATE INDEX "invoices_analytics_open_idx" ON "invoices" USING btree ("customer_id","due_date","total_base","sale_id","kind") WHERE status = 'sent' and archived_at is null;