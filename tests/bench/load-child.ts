/**
 * The load generator, in a process of its own (so that it doesn't share the servers'
 * event loop). Runs autocannon against several URLs in alternating slices, so that
 * each one sees the same background load on a shared machine, and merges each URL's
 * latency histograms. Before and after every slice it tells the parent, which measures
 * CPU time per URL. Input: one JSON argument; output: a `result` message.
 */
import autocannon from 'autocannon';

export interface ChildInput {
  targets: Array<{ label: string; url: string }>;
  connections: number;
  /** Measured seconds per target, cut into slices. */
  seconds: number;
  sliceSeconds: number;
  warmupSeconds: number;
  headers: Record<string, string>;
}

export interface ChildResult {
  label: string;
  rps: number;
  p50: number;
  p99: number;
  requests: number;
  non2xx: number;
  errors: number;
}

// Untyped helpers of autocannon: merge per-run histograms kept with skipAggregateResult.
type RawResult = { duration: number; totalCompletedRequests: number; non2xx: number; errors: number; timeouts: number };
const aggregate = (autocannon as unknown as { aggregateResult(r: RawResult[], o: object): autocannon.Result }).aggregateResult;

const input = JSON.parse(process.argv[2]!) as ChildInput;

function ask(message: object): Promise<void> {
  return new Promise((resolve) => {
    process.once('message', () => resolve());
    process.send!(message);
  });
}

async function slice(url: string, seconds: number): Promise<RawResult> {
  const opts = {
    url,
    connections: input.connections,
    duration: seconds,
    headers: input.headers,
    skipAggregateResult: true,
  } as autocannon.Options;
  return (await autocannon(opts)) as unknown as RawResult;
}

async function main() {
  for (const t of input.targets) if (input.warmupSeconds > 0) await slice(t.url, input.warmupSeconds);
  const rounds = Math.max(1, Math.round(input.seconds / input.sliceSeconds));
  const runs = new Map<string, RawResult[]>(input.targets.map((t) => [t.label, []]));
  for (let round = 0; round < rounds; round++) {
    // Alternate who goes first, so that neither always follows the other.
    const order = round % 2 ? [...input.targets].reverse() : input.targets;
    for (const t of order) {
      await ask({ type: 'begin', label: t.label });
      runs.get(t.label)!.push(await slice(t.url, input.seconds / rounds));
      await ask({ type: 'end', label: t.label });
    }
  }
  const results: ChildResult[] = input.targets.map((t) => {
    const raw = runs.get(t.label)!;
    const merged = aggregate(raw, { url: t.url, connections: input.connections });
    const requests = raw.reduce((n, r) => n + r.totalCompletedRequests, 0);
    const seconds = raw.reduce((n, r) => n + r.duration, 0);
    return {
      label: t.label,
      rps: requests / seconds,
      p50: merged.latency.p50,
      p99: merged.latency.p99,
      requests,
      non2xx: raw.reduce((n, r) => n + r.non2xx, 0),
      errors: raw.reduce((n, r) => n + r.errors + r.timeouts, 0),
    };
  });
  await ask({ type: 'result', results });
  process.exit(0);
}

main().catch((err: unknown) => {
  console.error(err);
  process.exit(1);
});
