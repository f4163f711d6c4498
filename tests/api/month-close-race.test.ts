import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { externalCostsResource } from '../../src/domain/modules/external-costs/external-costs.resource.js';
import type { Db } from '../../src/server/db/client.js';
import { externalCosts } from '../../src/server/modules/external-costs/external-costs.table.js';
import { assertMonthsOpen, closeMonthIn } from '../../src/server/modules/month-close/month-close.service.js';
import { buildTestApp, type TestApp } from '../fixtures/app.js';
import { closeWithoutChecklist } from '../fixtures/month-close.js';

// A close and a write of the same month at the same moment, on two connections of the app's pool.
// Writes read the closed months under a shared lock of each month they touch, a close takes that
// lock exclusively: a write that started first finishes before the close, one that comes during
// the close waits and then sees the month closed. Without the locks the write would read "open"
// before the close commits and land in a closed month.
// PostgreSQL-only (vitest.config.ts): the embedded database runs one transaction at a time.

let t: TestApp;
beforeAll(async () => {
  t = await buildTestApp();
  // Signed in before the races: a first sign-in hashes a password, slower than the waits measured here.
  await t.auth('admin');
  expect((await cost('2032-01-03')).statusCode).toBe(201);
});
afterAll(() => t?.close());

const cost = async (date: string) =>
  t.app.inject({
    method: 'POST',
    url: '/api/v1/external-costs',
    headers: await t.auth('admin'),
    payload: { description: 'Race monitors', date, category: 'equipment', vendor: 'Phong Vũ Computer', amount: '120.00' },
  });
const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));
/** 'waiting' while the promise is still pending after `ms`. */
const stateAfter = (p: Promise<unknown>, ms: number) => Promise.race([p.then(() => 'done'), sleep(ms).then(() => 'waiting')]);
function gate() {
  let open!: () => void;
  const opened = new Promise<void>((r) => (open = r));
  return { open, opened };
}

describe('a close racing a write', () => {
  it('a write arriving while a month is being closed waits, then is refused: it never lands in the closed month', async () => {
    expect(t.database.kind).toBe('postgres');
    const inside = gate();
    const release = gate();
    const closing = t.database.db.transaction(async (tx) => {
      await closeMonthIn(tx as unknown as Db, '2032-03', 'race', { userId: t.users.admin.id, requestId: 'race' }, 'USD');
      inside.open();
      await release.opened;
    });
    await inside.opened;
    const write = cost('2032-03-10');
    expect(await stateAfter(write, 500)).toBe('waiting');
    release.open();
    await closing;
    const res = await write;
    expect(res.statusCode, res.body).toBe(422);
    expect(res.json()).toMatchObject({ code: 'month_closed', details: { month: '2032-03' } });
    // A write of another month is not held by it.
    expect((await cost('2032-04-01')).statusCode).toBe(201);
  });

  it('a close arriving while a write of its month is in flight waits for it; the write after it is refused', async () => {
    const inside = gate();
    const release = gate();
    const writing = t.database.db.transaction(async (tx) => {
      await assertMonthsOpen(tx as unknown as Db, externalCostsResource.closesWithMonth, undefined, { date: '2032-05-05' });
      await tx.insert(externalCosts).values({
        description: 'In flight',
        date: '2032-05-05',
        category: 'office',
        vendor: 'Regus',
        amount: '10.00',
        currency: 'USD',
        exchangeRate: '1',
        amountBase: '10.00',
      });
      inside.open();
      await release.opened;
    });
    await inside.opened;
    // The close as the route runs it, without the checklist (whose counts the racing writes move).
    const closing = closeWithoutChecklist(t, '2032-05');
    expect(await stateAfter(closing, 500)).toBe('waiting');
    release.open();
    await writing;
    expect((await closing).month).toBe('2032-05');
    expect((await cost('2032-05-06')).statusCode).toBe(422);
  });

  it('many writes and a close at once: every write that got in was committed before the close, none after', async () => {
    const writes = Array.from({ length: 8 }, (_, i) => cost(`2032-07-${String(i + 1).padStart(2, '0')}`));
    const closing = closeWithoutChecklist(t, '2032-07');
    const [closed, ...answers] = await Promise.all([closing, ...writes]);
    const closedAt = String(closed.closedAt);
    for (const res of answers) {
      expect([201, 422], res.body).toContain(res.statusCode);
      // A write that got in started before the close took the month.
      if (res.statusCode === 201) expect(Date.parse(res.json().createdAt)).toBeLessThanOrEqual(Date.parse(closedAt));
    }
    expect((await cost('2032-07-20')).statusCode).toBe(422);
  });
});
