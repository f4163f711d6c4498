// Flakes are failures: with retries on (CI), a test that passed only on a retry is listed as
// "FLAKY: <title>" at the end of the run, with their count, so that it is seen and fixed.
import type { FullResult, Reporter, TestCase, TestResult } from '@playwright/test/reporter';

export default class FlakyReporter implements Reporter {
  private readonly retried = new Map<TestCase, TestResult[]>();

  onTestEnd(test: TestCase, result: TestResult) {
    if (result.retry > 0) this.retried.set(test, [...(this.retried.get(test) ?? []), result]);
  }

  onEnd(_result: FullResult) {
    const flaky = [...this.retried.keys()].filter((t) => t.outcome() === 'flaky');
    const failed = [...this.retried.keys()].filter((t) => t.outcome() === 'unexpected');
    for (const t of flaky) console.log(`FLAKY: ${t.titlePath().filter(Boolean).join(' › ')} (passed on retry ${t.results.at(-1)?.retry})`);
    for (const t of failed) console.log(`FAILED AFTER RETRY: ${t.titlePath().filter(Boolean).join(' › ')}`);
    console.log(`${flaky.length} flaky test${flaky.length === 1 ? '' : 's'} (passed only on a retry)`);
  }

  printsToStdio() {
    return false;
  }
}
