// The end of `npm test`: each phase's wall time and test counts, the end-to-end spec files' times,
// and the ten slowest test files of the run, read from what scripts/test.sh and the runners wrote.
// Usage: tsx scripts/test-report.ts <folder of phases.tsv and vitest-*.json>
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { join, relative } from 'node:path';

const folder = process.argv[2] ?? 'reports/timing';
const root = process.cwd();
const E2E_REPORT = 'test-results/e2e-report.json';

interface Counts {
  passed: number;
  failed: number;
  skipped: number;
  flaky: number;
}
interface FileTime {
  phase: string;
  file: string;
  ms: number;
}

interface VitestReport {
  numPassedTests: number;
  numFailedTests: number;
  numPendingTests: number;
  numTodoTests?: number;
  testResults: Array<{ name: string; startTime: number; endTime: number }>;
}

interface PlaywrightSuite {
  file?: string;
  specs?: Array<{ tests: Array<{ status: string; results: Array<{ duration: number }> }> }>;
  suites?: PlaywrightSuite[];
}
interface PlaywrightReport {
  suites: PlaywrightSuite[];
  stats: { expected: number; unexpected: number; flaky: number; skipped: number };
}

const readJson = <T>(file: string): T | undefined => {
  try {
    return JSON.parse(readFileSync(file, 'utf8')) as T;
  } catch {
    return undefined;
  }
};

const duration = (ms: number) => {
  const s = Math.round(ms / 1000);
  return s >= 60 ? `${Math.floor(s / 60)} min ${String(s % 60).padStart(2, '0')} s` : `${s} s`;
};
const countsText = (c: Counts | undefined) =>
  c ? `${c.passed} passed, ${c.failed} failed${c.skipped ? `, ${c.skipped} skipped` : ''}${c.flaky ? `, ${c.flaky} retried` : ''}` : '';

const phases = existsSync(join(folder, 'phases.tsv'))
  ? readFileSync(join(folder, 'phases.tsv'), 'utf8')
      .trim()
      .split('\n')
      .filter(Boolean)
      .map((line) => {
        const [name, start, end, status] = line.split('\t');
        return { name: name!, ms: (Number(end) - Number(start)) * 1000, ok: status === '0' };
      })
  : [];

const counts = new Map<string, Counts>();
const files: FileTime[] = [];

for (const json of readdirSync(folder).filter((f) => /^vitest-.+\.json$/.test(f))) {
  const project = json.replace(/^vitest-|\.json$/g, '');
  const report = readJson<VitestReport>(join(folder, json));
  if (!report) continue;
  counts.set(project, {
    passed: report.numPassedTests,
    failed: report.numFailedTests,
    skipped: report.numPendingTests + (report.numTodoTests ?? 0),
    flaky: 0,
  });
  for (const r of report.testResults) files.push({ phase: project, file: relative(root, r.name), ms: r.endTime - r.startTime });
}

const e2e = readJson<PlaywrightReport>(E2E_REPORT);
const specTimes = new Map<string, number>();
if (e2e) {
  const walk = (suite: PlaywrightSuite, file?: string) => {
    const f = suite.file ?? file;
    for (const spec of suite.specs ?? [])
      for (const test of spec.tests) specTimes.set(f!, (specTimes.get(f!) ?? 0) + test.results.reduce((sum, r) => sum + r.duration, 0));
    for (const child of suite.suites ?? []) walk(child, f);
  };
  for (const suite of e2e.suites) walk(suite);
  counts.set('e2e', {
    passed: e2e.stats.expected + e2e.stats.flaky,
    failed: e2e.stats.unexpected,
    skipped: e2e.stats.skipped,
    flaky: e2e.stats.flaky,
  });
  for (const [file, ms] of specTimes) files.push({ phase: 'e2e', file: `tests/e2e/${file}`, ms });
}

const countsOf: Record<string, string> = {
  'unit and web': 'unit',
  'API, embedded database': 'api-pglite',
  'API, PostgreSQL': 'api-postgres',
  'instances and faults': 'cluster',
  'end to end': 'e2e',
};

const rows: string[][] = [['phase', 'wall time', 'tests']];
for (const p of phases) rows.push([`${p.name}${p.ok ? '' : ' (FAILED)'}`, duration(p.ms), countsText(counts.get(countsOf[p.name] ?? ''))]);
rows.push(['total', duration(phases.reduce((sum, p) => sum + p.ms, 0)), '']);
if (specTimes.size) {
  rows.push(['end to end, per spec file (test time; two workers share the wall time)', '', '']);
  for (const [file, ms] of [...specTimes].sort((a, b) => b[1] - a[1])) rows.push([`  ${file}`, duration(ms), '']);
}
const widths = rows[0]!.map((_, i) => Math.max(...rows.map((r) => r[i]!.length)));
const line = (r: string[]) => `| ${r.map((c, i) => c.padEnd(widths[i]!)).join(' | ')} |`;

console.log("\n== the suite's time");
console.log(line(rows[0]!));
console.log(`|${widths.map((w) => '-'.repeat(w + 2)).join('|')}|`);
for (const r of rows.slice(1)) console.log(line(r));

console.log('\nThe ten slowest test files:');
for (const f of [...files].sort((a, b) => b.ms - a.ms).slice(0, 10))
  console.log(`  ${duration(f.ms).padStart(12)}  ${f.file} (${f.phase})`);

const total = [...counts.values()].reduce(
  (sum, c) => ({ passed: sum.passed + c.passed, failed: sum.failed + c.failed, skipped: 0, flaky: 0 }),
  {
    passed: 0,
    failed: 0,
    skipped: 0,
    flaky: 0,
  },
);
console.log(`\nsuite: ${total.passed} passed, ${total.failed} failed`);
