CREATE TABLE "resource_imports" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"resource" text NOT NULL,
	"file_name" text NOT NULL,
	"sha256" text NOT NULL,
	"file_id" uuid NOT NULL,
	"counts" jsonb NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"created_by" uuid
);
--> statement-breakpoint
CREATE UNIQUE INDEX "resource_imports_file_key" ON "resource_imports" USING btree ("resource","sha256");--> statement-breakpoint
CREATE INDEX "resource_imports_resource_idx" ON "resource_imports" USING btree ("resource","created_at");