-- Logwork's month lock action is gone (the month close is admin's, decision 017): its overrides mean nothing now.
DELETE FROM "access_overrides" WHERE "resource" = 'timesheets' AND "action" = 'lock';
