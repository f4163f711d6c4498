import { fork } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import type { ChildInput, ChildResult } from './load-child.js';

export type LoadResult = ChildResult;

export interface LoadHooks {
  /** Called right before a slice against `label` starts, and right after it ends. */
  begin?(label: string): Promise<void> | void;
  end?(label: string): Promise<void> | void;
}

const child = fileURLToPath(new URL('./load-child.ts', import.meta.url));

/**
 * Loads several URLs with autocannon from a child process, in alternating slices
 * (e.g. CRUD 2 s, bare 2 s, bare 2 s, CRUD 2 s, …) so that background load on a shared
 * machine falls on all of them alike. The child is killed if it overruns by 60 s.
 */
export function compareLoad(input: ChildInput, hooks: LoadHooks = {}): Promise<LoadResult[]> {
  const warmup = input.warmupSeconds * input.targets.length;
  const budget = (input.seconds * input.targets.length + warmup + 60) * 1000;
  return new Promise((resolve, reject) => {
    const proc = fork(child, [JSON.stringify(input)], { execArgv: ['--import', 'tsx'], stdio: ['ignore', 'inherit', 'inherit', 'ipc'] });
    const timer = setTimeout(() => proc.kill('SIGKILL'), budget);
    let results: LoadResult[] | undefined;
    proc.on('message', (m: { type: string; label?: string; results?: LoadResult[] }) => {
      void (async () => {
        if (m.type === 'begin') await hooks.begin?.(m.label!);
        if (m.type === 'end') await hooks.end?.(m.label!);
        if (m.type === 'result') results = m.results;
        proc.send('ok');
      })().catch(reject);
    });
    proc.on('error', reject);
    proc.on('exit', (code) => {
      clearTimeout(timer);
      if (code === 0 && results) resolve(results);
      else reject(new Error(`the load generator exited with ${code}`));
    });
  });
}
