INSERT INTO "data_versions" ("name") VALUES ('pnl') ON CONFLICT DO NOTHING;--> statement-breakpoint
-- The P&L's facts read invoices (and their rates), salaries, costs, logged hours, seats, projects'
-- customers, and the closes and snapshots that freeze a month: a write to any of them is a new version.
DO $$
DECLARE
  t text;
BEGIN
  FOREACH t IN ARRAY ARRAY['invoices', 'salaries', 'external_costs', 'timesheets', 'headcounts', 'projects', 'month_closes', 'pnl_snapshots'] LOOP
    EXECUTE format(
      'CREATE TRIGGER %I AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON %I FOR EACH STATEMENT EXECUTE FUNCTION bump_data_version(%L)',
      t || '_pnl_data_version', t, 'pnl');
  END LOOP;
END $$;
