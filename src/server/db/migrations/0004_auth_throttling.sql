CREATE TABLE "auth_requests" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"form" text NOT NULL,
	"ip" text NOT NULL,
	"email" text,
	"at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "login_failures" ADD COLUMN "device" text;--> statement-breakpoint
CREATE INDEX "auth_requests_ip_idx" ON "auth_requests" USING btree ("form","ip","at");--> statement-breakpoint
CREATE INDEX "auth_requests_email_idx" ON "auth_requests" USING btree ("form","email","at");