ALTER TABLE "headcounts" ADD COLUMN "job_id" uuid;--> statement-breakpoint
CREATE INDEX "headcounts_job_id_idx" ON "headcounts" USING btree ("job_id");