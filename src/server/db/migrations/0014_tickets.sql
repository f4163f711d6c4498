CREATE TABLE "tickets" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"created_by" uuid,
	"title" text NOT NULL,
	"description" text,
	"category" text NOT NULL,
	"priority" text DEFAULT 'normal' NOT NULL,
	"status" text DEFAULT 'open' NOT NULL,
	"requester_id" uuid NOT NULL,
	"assignee_id" uuid,
	"customer_id" uuid,
	"archived_at" timestamp with time zone,
	"search" text GENERATED ALWAYS AS (f_unaccent(lower(coalesce(title, '')))) STORED
);
--> statement-breakpoint
CREATE INDEX "tickets_search_trgm" ON "tickets" USING gin ("search" gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "tickets_title_idx" ON "tickets" USING btree ("title","id") WHERE archived_at is null;--> statement-breakpoint
CREATE INDEX "tickets_created_at_idx" ON "tickets" USING btree ("created_at","id") WHERE archived_at is null;--> statement-breakpoint
CREATE INDEX "tickets_requester_id_idx" ON "tickets" USING btree ("requester_id");--> statement-breakpoint
CREATE INDEX "tickets_assignee_id_idx" ON "tickets" USING btree ("assignee_id");--> statement-breakpoint
CREATE INDEX "tickets_customer_id_idx" ON "tickets" USING btree ("customer_id");