import { readdirSync, readFileSync } from 'node:fs';
import { availableParallelism } from 'node:os';
import { defineConfig } from 'vitest/config';

// API suites run once on the embedded database and, when DATABASE_URL is set, again on PostgreSQL.
// Tests beside the server's code are pure (no database): they run once, in the unit project.
const apiFiles = ['tests/api/**/*.test.ts'];
// Suites about one database kind run in that kind's project only.
const embeddedOnly = ['tests/api/embedded-database.test.ts', 'tests/api/start-safety-embedded.test.ts'];
// Races need two real connections: the embedded database has one, and serialises every transaction.
const postgresOnly = [
  'tests/api/fanout.test.ts',
  'tests/api/outage.test.ts',
  'tests/api/headcounts-race.test.ts',
  'tests/api/invoices-numbering-race.test.ts',
  'tests/api/month-close-race.test.ts',
  'tests/api/start-safety-postgres.test.ts',
  // Both kinds of database at once (the move from a data folder to PostgreSQL), and the README's PostgreSQL line.
  'tests/api/backup-across.test.ts',
  'tests/api/first-admin-postgres.test.ts',
];
const postgres = process.env.DATABASE_URL;
// Suites whose input reaches both databases through the same handlers run once: on PostgreSQL when
// the run has it, else on the embedded database. Besides the sweep, the suites that call every route
// as every role (who may call it, that reads write nothing, that no salary figure leaks): they test
// the HTTP layer's decisions, which are the same code on both kinds, and they grow with every route.
const onceOnEither = [
  'tests/api/sweep.test.ts',
  'tests/api/authorization.test.ts',
  'tests/api/reads-are-safe.test.ts',
  'tests/api/salaries-visibility.test.ts',
];

// Unit and web files share their worker's modules (isolate: false): importing React, MUI and the
// app again for every file, and a new jsdom, were two thirds of those phases. A file that replaces
// a module (vi.mock) keeps a module graph of its own: its stand-in would reach the next file of
// the worker, and a module already loaded there would not be replaced.
const replacesModules = (root: string) =>
  readdirSync(root, { recursive: true, encoding: 'utf8' })
    .filter((f) => /\.test\.tsx?$/.test(f))
    .map((f) => `${root}/${f}`)
    .filter((f) => /\bvi\.mock\(/.test(readFileSync(f, 'utf8')));
const unitRoots = ['src/domain', 'src/server', 'scripts', 'tests/structure'];
const unitFiles = unitRoots.map((root) => `${root}/**/*.test.ts`);
const unitMocking = unitRoots.flatMap(replacesModules);
const webMocking = replacesModules('src/web');
// The date pickers' and the charts' ES builds import '@mui/material/styles' as a directory, which
// Node's resolver refuses: let Vite resolve it.
const web = { environment: 'jsdom' as const, server: { deps: { inline: ['@mui/x-date-pickers', '@mui/x-charts'] } } };

export default defineConfig({
  test: {
    // Every core: test files are independent (each has its own copy of the seeded database, its own
    // ports and folders). Vitest's default leaves one core idle. The API files also share their
    // worker's module graph (isolate: false): each builds its app from scratch anyway, and importing
    // the whole server once per file cost a few seconds a file. Server modules keep no state of
    // their own between apps (no mocks, no fake timers in the API suites).
    maxWorkers: availableParallelism(),
    projects: [
      { test: { name: 'unit', include: unitFiles, exclude: unitMocking, isolate: false } },
      ...(unitMocking.length ? [{ test: { name: 'unit-mocks', include: unitMocking } }] : []),
      { test: { name: 'web', include: ['src/web/**/*.test.{ts,tsx}'], exclude: webMocking, isolate: false, ...web } },
      { test: { name: 'web-mocks', include: webMocking, ...web } },
      {
        test: {
          name: 'api-pglite',
          include: apiFiles,
          exclude: [...postgresOnly, ...(postgres ? onceOnEither : [])],
          env: { TEST_DB: 'pglite' },
          globalSetup: ['tests/fixtures/seeded-database.ts'],
          isolate: false,
          testTimeout: 30_000,
          hookTimeout: 60_000,
        },
      },
      ...(postgres
        ? [
            {
              test: {
                name: 'api-postgres',
                include: apiFiles,
                exclude: embeddedOnly,
                env: { TEST_DB: 'postgres' },
                globalSetup: ['tests/fixtures/postgres-template.ts'],
                isolate: false,
                testTimeout: 30_000,
                hookTimeout: 60_000,
              },
            },
            // Two server processes behind HAProxy, and the faults (tests/cluster): a phase of its own
            // in `npm test`, one file that starts its instances once.
            {
              test: {
                name: 'cluster',
                include: ['tests/cluster/**/*.test.ts'],
                env: { TEST_DB: 'postgres' },
                globalSetup: ['tests/fixtures/postgres-template.ts'],
                testTimeout: 60_000,
                hookTimeout: 120_000,
              },
            },
          ]
        : []),
    ],
  },
});
