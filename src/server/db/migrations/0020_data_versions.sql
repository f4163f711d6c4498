CREATE TABLE "data_versions" (
	"name" text PRIMARY KEY NOT NULL,
	"version" bigint DEFAULT 0 NOT NULL
);
--> statement-breakpoint
INSERT INTO "data_versions" ("name") VALUES ('invoices') ON CONFLICT DO NOTHING;--> statement-breakpoint
-- Bumps the version named by the trigger's argument, in the writing transaction: the row lock makes
-- concurrent writers of the same read model take turns only for the bump's row, until they commit.
CREATE OR REPLACE FUNCTION bump_data_version() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  UPDATE data_versions SET version = version + 1 WHERE name = TG_ARGV[0];
  RETURN NULL;
END $$;--> statement-breakpoint
-- The invoices' analytic view reads invoices and its customers' names.
CREATE TRIGGER invoices_data_version AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON invoices
  FOR EACH STATEMENT EXECUTE FUNCTION bump_data_version('invoices');--> statement-breakpoint
CREATE TRIGGER customers_invoices_data_version AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON customers
  FOR EACH STATEMENT EXECUTE FUNCTION bump_data_version('invoices');
