DROP INDEX "users_full_name_idx";--> statement-breakpoint
CREATE INDEX "users_name_search_idx" ON "users" USING btree ("full_name","id","search") WHERE archived_at is null;--> statement-breakpoint
CREATE INDEX "users_email_idx" ON "users" USING btree ("email","id") WHERE archived_at is null;--> statement-breakpoint
CREATE INDEX "users_join_date_idx" ON "users" USING btree ("join_date","id") WHERE archived_at is null;--> statement-breakpoint
CREATE INDEX "users_manager_idx" ON "users" USING btree ("manager_id");--> statement-breakpoint
CREATE INDEX "users_full_name_idx" ON "users" USING btree ("full_name","id") WHERE archived_at is null;--> statement-breakpoint
-- A finer histogram on the search text (500 buckets instead of 100): the planner's estimate
-- of a substring search decides whether a list total is counted or estimated (decision 003).
ALTER TABLE "users" ALTER COLUMN "search" SET STATISTICS 500;
