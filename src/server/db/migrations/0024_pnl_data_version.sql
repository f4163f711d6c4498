INSERT INTO "data_versions" ("name") VALUES ('pnl') ON CONFLICT DO NOTHING;--> statement-breakpoint
-- The P&L's facts read invoices (and their rates), salaries, costs, logged hours, seats, projects'
-- customers, and the closes and snapshots that freeze a month: a write to any of them is a new version.
CREATE TRIGGER invoices_pnl_data_version AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON invoices
  FOR EACH STATEMENT EXECUTE FUNCTION bump_data_version('pnl');--> statement-breakpoint
CREATE TRIGGER salaries_pnl_data_version AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON salaries
  FOR EACH STATEMENT EXECUTE FUNCTION bump_data_version('pnl');--> statement-breakpoint
CREATE TRIGGER external_costs_pnl_data_version AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON external_costs
  FOR EACH STATEMENT EXECUTE FUNCTION bump_data_version('pnl');--> statement-breakpoint
CREATE TRIGGER timesheets_pnl_data_version AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON timesheets
  FOR EACH STATEMENT EXECUTE FUNCTION bump_data_version('pnl');--> statement-breakpoint
CREATE TRIGGER headcounts_pnl_data_version AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON headcounts
  FOR EACH STATEMENT EXECUTE FUNCTION bump_data_version('pnl');--> statement-breakpoint
CREATE TRIGGER projects_pnl_data_version AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON projects
  FOR EACH STATEMENT EXECUTE FUNCTION bump_data_version('pnl');--> statement-breakpoint
CREATE TRIGGER month_closes_pnl_data_version AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON month_closes
  FOR EACH STATEMENT EXECUTE FUNCTION bump_data_version('pnl');--> statement-breakpoint
CREATE TRIGGER pnl_snapshots_pnl_data_version AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON pnl_snapshots
  FOR EACH STATEMENT EXECUTE FUNCTION bump_data_version('pnl');
