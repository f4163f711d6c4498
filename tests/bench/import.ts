/**
 * `npm run bench` (last part): the kit's import of 10 000 customers on PostgreSQL — validate,
 * preview and execute (each row by the customers' create rules: references by a sale's e-mail,
 * unique codes, audit), each timed from the upload's first byte to the answer, with the server's
 * peak resident memory during each (the server runs alone in a child process). Figures are printed,
 * never asserted. Targets: each step <= 10 s, peak RSS <= 400 MB.
 *
 * PostgreSQL: DATABASE_URL, else postgres://postgres@127.0.0.1:5432/test; database
 * `bench_import`, made afresh each run. Settings: BENCH_IMPORT_ROWS=10000.
 */
import { readFileSync, writeFileSync } from 'node:fs';
import ExcelJS from 'exceljs';
import { DEMO_PASSWORD } from '../../src/server/seed/demo.js';
import { freshDatabase, reachable, startBenchServer } from './bench-server.js';

const ROWS = Number(process.env.BENCH_IMPORT_ROWS ?? 10_000);
const DB = 'bench_import';
const TARGETS = { seconds: 10, rssMb: 400 };
const log = (msg: string) => process.stdout.write(`${msg}\n`);

const kb = (pid: number, field: 'VmRSS' | 'VmHWM') => {
  const m = new RegExp(`^${field}:\\s+(\\d+) kB`, 'm').exec(readFileSync(`/proc/${pid}/status`, 'utf8'));
  return m ? Number(m[1]) : 0;
};

/** One step: wall time and the server's peak RSS (the kernel's high-water mark, reset first, and sampled). */
async function step(pid: number, url: string, headers: Record<string, string>, file: Buffer) {
  try {
    writeFileSync(`/proc/${pid}/clear_refs`, '5');
  } catch {
    // Without the reset the samples alone say the peak.
  }
  const before = kb(pid, 'VmRSS');
  let sampled = before;
  const timer = setInterval(() => (sampled = Math.max(sampled, kb(pid, 'VmRSS'))), 10);
  const body = new FormData();
  body.append('file', new Blob([file]), 'customers.xlsx');
  const started = performance.now();
  const res = await fetch(url, { method: 'POST', headers, body });
  const json = (await res.json()) as Record<string, unknown>;
  const ms = performance.now() - started;
  clearInterval(timer);
  if (res.status !== 200) throw new Error(`${url} answered ${res.status} ${JSON.stringify(json).slice(0, 500)}`);
  return { ms, json, beforeMb: before / 1024, peakMb: Math.max(kb(pid, 'VmHWM'), sampled) / 1024 };
}

async function main() {
  const adminUrl = process.env.DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/test';
  if (!(await reachable(adminUrl))) {
    log(`\n## Customer import: skipped, no PostgreSQL at ${adminUrl.replace(/\/\/[^@]*@/, '//')}`);
    return;
  }
  const url = await freshDatabase(adminUrl, DB);
  const { proc, base } = await startBenchServer(url);
  try {
    const wb = new ExcelJS.Workbook();
    const ws = wb.addWorksheet('customers');
    ws.addRow(['name', 'code', 'country', 'currency', 'ownerSaleId', 'paymentTermsDays', 'billingEmail']);
    const sales = ['sale@demo.local', 'sale_lead@demo.local'];
    for (let n = 1; n <= ROWS; n++)
      ws.addRow([
        `Công ty Bench ${n}`,
        `BENCH${n}`,
        n % 3 ? 'VN' : 'SG',
        n % 2 ? 'USD' : 'VND',
        sales[n % 2],
        30 + (n % 4) * 15,
        `billing.${n}@bench.example`,
      ]);
    const file = Buffer.from(await wb.xlsx.writeBuffer());

    const login = await fetch(`${base}/api/v1/auth/login`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ email: 'admin@demo.local', password: DEMO_PASSWORD }),
    });
    if (login.status !== 200) throw new Error(`admin login failed: ${login.status} ${await login.text()}`);
    const headers = { authorization: `Bearer ${((await login.json()) as { accessToken: string }).accessToken}` };
    const idleMb = kb(proc.pid!, 'VmRSS') / 1024;

    const api = `${base}/api/v1/customers/import`;
    const validate = await step(proc.pid!, `${api}/validate`, headers, file);
    const errors = (validate.json.errors as unknown[]).length;
    if (errors) throw new Error(`the bench file has ${errors} errors`);
    const preview = await step(proc.pid!, `${api}/preview`, headers, file);
    const token = encodeURIComponent(preview.json.previewToken as string);
    const execute = await step(proc.pid!, `${api}/execute?previewToken=${token}`, headers, file);
    const replay = await step(proc.pid!, `${api}/execute?previewToken=${token}`, headers, file);
    const counts = (execute.json.import as { counts: Record<string, number> }).counts;

    log('');
    log(
      `## Customer import (the kit's), ${ROWS} rows, PostgreSQL (file ${(file.length / 1024).toFixed(0)} KiB; server idle RSS ${idleMb.toFixed(0)} MB)`,
    );
    log('');
    log('| step | wall | server RSS before | server peak RSS | targets |');
    log('|---|---|---|---|---|');
    for (const [name, r] of [
      ['validate', validate],
      ['preview', preview],
      [`execute (${counts.create} created)`, execute],
      ['execute again (answered from the first)', replay],
    ] as const) {
      const missed = [
        r.ms / 1000 > TARGETS.seconds ? `MISSED >${TARGETS.seconds} s` : '',
        r.peakMb > TARGETS.rssMb ? `MISSED RSS>${TARGETS.rssMb} MB` : '',
      ]
        .filter(Boolean)
        .join(', ');
      log(`| ${name} | ${(r.ms / 1000).toFixed(2)} s | ${r.beforeMb.toFixed(0)} MB | ${r.peakMb.toFixed(0)} MB | ${missed || 'met'} |`);
    }
    log('');
    log(`Targets: each step <= ${TARGETS.seconds} s; peak RSS of the whole server process <= ${TARGETS.rssMb} MB.`);
  } finally {
    proc.disconnect();
  }
}

main().catch((err: unknown) => {
  console.error(err);
  process.exit(1);
});
