CREATE TABLE "performances" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"created_by" uuid,
	"month" text NOT NULL,
	"user_id" uuid NOT NULL,
	"score" numeric(5, 2) NOT NULL,
	"note" text,
	"archived_at" timestamp with time zone,
	"search" text GENERATED ALWAYS AS (f_unaccent(lower(month || ' ' || coalesce(note, '')))) STORED
);
--> statement-breakpoint
CREATE INDEX "performances_search_trgm" ON "performances" USING gin ("search" gin_trgm_ops);--> statement-breakpoint
CREATE UNIQUE INDEX "performances_user_month_key" ON "performances" USING btree ("user_id","month") WHERE archived_at is null;--> statement-breakpoint
CREATE INDEX "performances_month_idx" ON "performances" USING btree ("month","id");