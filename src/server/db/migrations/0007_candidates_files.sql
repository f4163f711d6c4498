ALTER TABLE "candidates" ADD COLUMN "hashtags" text[] DEFAULT '{}'::text[] NOT NULL;--> statement-breakpoint
ALTER TABLE "candidates" ADD COLUMN "cv" jsonb;--> statement-breakpoint
ALTER TABLE "candidates" ADD COLUMN "cv_converted" jsonb;--> statement-breakpoint
CREATE INDEX "candidates_hashtags_idx" ON "candidates" USING gin ("hashtags");--> statement-breakpoint
CREATE INDEX "candidates_phone_digits_idx" ON "candidates" USING btree (regexp_replace("phone", '[^0-9]', '', 'g')) WHERE archived_at is null;