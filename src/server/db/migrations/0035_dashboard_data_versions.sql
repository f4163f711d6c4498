INSERT INTO "data_versions" ("name") VALUES ('kpi') ON CONFLICT DO NOTHING;--> statement-breakpoint
-- The KPI team dashboard reads targets, evaluations and people's names, and counts paid invoices,
-- seats of the sales' customers, hires of the recruiters' candidates and performance scores: a
-- write to any of them is a new version.
DO $$
DECLARE
  t text;
BEGIN
  FOREACH t IN ARRAY ARRAY['kpi_targets', 'kpi_evaluations', 'users', 'invoices', 'headcounts', 'customers', 'job_candidate_events', 'job_candidates', 'candidates', 'performances'] LOOP
    EXECUTE format(
      'CREATE TRIGGER %I AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON %I FOR EACH STATEMENT EXECUTE FUNCTION bump_data_version(%L)',
      t || '_kpi_data_version', t, 'kpi');
  END LOOP;
END $$;
--> statement-breakpoint
INSERT INTO "data_versions" ("name") VALUES ('hr_commission') ON CONFLICT DO NOTHING;--> statement-breakpoint
-- The HR commission's dashboard and trend read seats, their splits, their people, customers and
-- jobs, the start months' invoices, the matrix versions and the statements.
DO $$
DECLARE
  t text;
BEGIN
  FOREACH t IN ARRAY ARRAY['headcounts', 'hr_commission_splits', 'users', 'customers', 'jobs', 'invoices', 'hr_commission_matrices', 'hr_commissions'] LOOP
    EXECUTE format(
      'CREATE TRIGGER %I AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON %I FOR EACH STATEMENT EXECUTE FUNCTION bump_data_version(%L)',
      t || '_hr_commission_data_version', t, 'hr_commission');
  END LOOP;
END $$;
