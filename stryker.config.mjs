// Mutation testing (npm run test:mutation): StrykerJS mutates the shared domain and the server's
// generic HTTP error layer, and runs the unit tests against each mutant. Not part of `npm test`
// (it takes minutes); the score is printed at the end.
/** @type {import('@stryker-mutator/api/core').PartialStrykerOptions} */
export default {
  testRunner: 'vitest',
  vitest: { configFile: 'vitest.mutation.config.ts' },
  plugins: ['@stryker-mutator/vitest-runner'],
  mutate: [
    'src/domain/**/*.ts',
    '!src/domain/**/*.test.ts',
    // A word list, not logic: mutating one of its thousand strings tells nothing.
    '!src/domain/modules/auth/common-passwords.ts',
    'src/server/http/errors.ts',
  ],
  reporters: ['clear-text', 'progress', 'html'],
  htmlReporter: { fileName: 'reports/mutation/index.html' },
  coverageAnalysis: 'perTest',
  concurrency: 2,
  timeoutMS: 10000,
  thresholds: { high: 90, low: 80, break: null },
  tempDirName: '.stryker-tmp',
  cleanTempDir: 'always',
};
