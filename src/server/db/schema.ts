// Every table of the app, for drizzle-kit and the typed client.
export * from '../modules/users/users.table.js';
export * from '../modules/auth/auth.table.js';
export * from '../modules/notifications/notifications.table.js';
export * from '../modules/files/files.table.js';
export * from '../modules/audit/audit.table.js';
export * from '../modules/mail/mail.table.js';
export * from '../modules/customers/customers.table.js';
export * from '../modules/projects/projects.table.js';
export * from '../modules/tech-stacks/tech-stacks.table.js';
export * from '../modules/candidates/candidates.table.js';
export * from '../modules/headcounts/headcounts.table.js';
export * from '../modules/holidays/holidays.table.js';
export * from '../modules/leave-requests/leave-requests.table.js';
export * from '../modules/leave-matrix/leave-matrix.table.js';
export * from '../modules/jobs/jobs.table.js';
export * from '../modules/timesheets/timesheets.table.js';
export * from '../modules/invoices/invoices.table.js';
