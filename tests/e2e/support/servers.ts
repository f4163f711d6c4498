// Where the end-to-end servers listen. Each Playwright worker has a server of its own, on its
// own copy of the run's seeded data folder: worker n (its parallelIndex) talks to E2E_PORT + n.
// E2E_BASE_URL points every test at one outside server instead (and then one worker).
// Read by playwright.config.ts (runner and workers) and by the test fixtures (support/test.ts).

export const external = process.env.E2E_BASE_URL || undefined;
export const basePort = Number(process.env.E2E_PORT ?? 3100);
export const workerCount = external ? 1 : Math.max(1, Number(process.env.E2E_WORKERS ?? 2));

/** The server of the worker with this parallel index. */
export function serverURL(parallelIndex: number): string {
  return external ?? `http://localhost:${basePort + (parallelIndex % workerCount)}`;
}
