-- Logwork's month locks become the firm's closed months (decision 017): each lock is kept as a close.
INSERT INTO "month_closes" ("month", "closed_by", "closed_at", "note")
SELECT "month", "locked_by", "locked_at", 'Logwork month lock' FROM "timesheet_locks"
ON CONFLICT ("month") DO NOTHING;
--> statement-breakpoint
DROP TABLE "timesheet_locks" CASCADE;
