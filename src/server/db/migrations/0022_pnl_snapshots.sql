CREATE TABLE "pnl_snapshot_facts" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"month" text NOT NULL,
	"measure" text NOT NULL,
	"customer_id" uuid,
	"project_id" uuid,
	"person_id" uuid,
	"amount" numeric(18, 2) NOT NULL,
	"source_id" uuid NOT NULL,
	"ref" text,
	"description" text,
	"source_amount" text,
	"source_currency" text,
	"rate" text,
	"basis" text,
	"weight" text,
	"weight_total" text,
	"line" numeric(6, 0)
);
--> statement-breakpoint
CREATE TABLE "pnl_snapshots" (
	"month" text PRIMARY KEY NOT NULL,
	"base_currency" text NOT NULL,
	"taken_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE INDEX "pnl_snapshot_facts_month_idx" ON "pnl_snapshot_facts" USING btree ("month","measure");