import { defineConfig } from 'vitest/config';

// The unit tests StrykerJS runs against each mutant (npm run test:mutation): pure and fast,
// no database. The API suites stay out: run per mutant they would take hours.
export default defineConfig({
  test: {
    include: ['src/domain/**/*.test.ts', 'src/server/http/**/*.test.ts'],
  },
});
