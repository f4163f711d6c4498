import { readFileSync } from 'node:fs';
import type { SqlClient } from './sql-client.js';

const TICKS_PER_SECOND = 100; // Linux USER_HZ

/**
 * CPU time spent by the PostgreSQL backends serving the bench database, read from
 * /proc: possible only when the server runs on this machine. Together with the bench
 * process's own CPU it gives a cost per request that other load on the machine hardly moves.
 */
/** Start a measurement; the returned stop function gives the microseconds spent since. */
export type CpuMeter = () => Promise<() => Promise<number>>;

export async function backendCpuMeter(db: SqlClient): Promise<CpuMeter | undefined> {
  const pids = async () =>
    (
      await db.query<{ pid: number }>(
        `select pid from pg_stat_activity where datname = current_database() and backend_type = 'client backend'`,
      )
    ).map((r) => r.pid);
  const cpuOf = (pid: number): number | undefined => {
    try {
      // Fields after the command name: state is field 3; utime and stime are 14 and 15.
      const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
      const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
      return ((Number(fields[11]) + Number(fields[12])) / TICKS_PER_SECOND) * 1e6;
    } catch {
      return undefined;
    }
  };
  const first = await pids();
  if (!first.length || first.every((pid) => cpuOf(pid) === undefined)) return undefined;
  return async () => {
    const before = new Map((await pids()).map((pid) => [pid, cpuOf(pid) ?? 0]));
    return async () => {
      let total = 0;
      for (const pid of await pids()) total += (cpuOf(pid) ?? 0) - (before.get(pid) ?? 0);
      return total;
    };
  };
}
