import { defineConfig } from 'vitest/config';

// API suites run once on the embedded database and, when DATABASE_URL is set, again on PostgreSQL.
const apiFiles = ['src/server/**/*.test.ts', 'tests/api/**/*.test.ts'];
const postgres = process.env.DATABASE_URL;

export default defineConfig({
  test: {
    projects: [
      { test: { name: 'unit', include: ['src/domain/**/*.test.ts'] } },
      { test: { name: 'web', include: ['src/web/**/*.test.{ts,tsx}'], environment: 'jsdom' } },
      {
        test: {
          name: 'api-pglite',
          include: apiFiles,
          env: { TEST_DB: 'pglite' },
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
                env: { TEST_DB: 'postgres' },
                globalSetup: ['tests/fixtures/postgres-template.ts'],
                testTimeout: 30_000,
                hookTimeout: 60_000,
              },
            },
          ]
        : []),
    ],
  },
});
