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
