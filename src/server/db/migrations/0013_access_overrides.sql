CREATE TABLE "access_overrides" (
	"role" text NOT NULL,
	"resource" text NOT NULL,
	"action" text NOT NULL,
	"allowed" boolean NOT NULL,
	"note" text NOT NULL,
	"changed_by" uuid,
	"changed_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "access_overrides_role_resource_action_pk" PRIMARY KEY("role","resource","action")
);
--> statement-breakpoint
ALTER TABLE "access_overrides" ADD CONSTRAINT "access_overrides_changed_by_users_id_fk" FOREIGN KEY ("changed_by") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;