import { SMTPServer } from 'smtp-server';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { startMailSender } from '../../src/server/modules/mail/mail.service.js';
import { mailOutbox } from '../../src/server/modules/mail/mail.table.js';
import { buildTestApp, type TestApp } from '../fixtures/app.js';

let t: TestApp;
let smtp: SMTPServer;
const received: string[] = [];

beforeAll(async () => {
  t = await buildTestApp();
  smtp = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS'],
    onData(stream, _session, done) {
      let data = '';
      stream.on('data', (c: Buffer) => (data += c.toString()));
      stream.on('end', () => {
        received.push(data);
        done();
      });
    },
  });
  await new Promise<void>((r) => smtp.listen(0, '127.0.0.1', () => r()));
});
afterAll(async () => {
  await new Promise<void>((r) => smtp.close(() => r()));
  await t?.close();
});

it('delivers queued mail over SMTP once and marks it sent', async () => {
  const res = await t.app.inject({
    method: 'POST',
    url: '/api/v1/auth/register',
    payload: { fullName: 'Mail Person', email: 'mail.person@example.com', password: 'a long passphrase' },
  });
  expect(res.statusCode).toBe(201);
  const port = (smtp.server.address() as { port: number }).port;
  const sender = startMailSender(t.services.db, t.app.log, `smtp://127.0.0.1:${port}`, { intervalMs: 60_000 });
  try {
    await sender.drain();
    await sender.drain();
  } finally {
    sender.stop();
  }
  const mine = received.filter((m) => m.includes('mail.person@example.com'));
  expect(mine).toHaveLength(1);
  expect(mine[0]).toMatch(/Your code is \d{6}/);
  const rows = await t.services.db.select().from(mailOutbox);
  expect(rows.every((r) => r.sentAt !== null)).toBe(true);
});
