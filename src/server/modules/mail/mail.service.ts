import type { FastifyBaseLogger } from 'fastify';
import { asc, eq, isNull, and, lt, sql } from 'drizzle-orm';
import nodemailer from 'nodemailer';
import type { Db } from '../../db/client.js';
import { mailOutbox } from './mail.table.js';

/** Mail goes to the outbox table and the log; when SMTP_URL is set, a sender drains the outbox. */
export async function sendMail(db: Db, log: FastifyBaseLogger, mail: { to: string; subject: string; body: string }) {
  await db.insert(mailOutbox).values(mail);
  log.info({ mailTo: mail.to, subject: mail.subject }, `mail queued: ${mail.body}`);
}

const MAX_ATTEMPT_AGE_H = 24;

/**
 * Sends queued mail over SMTP. Each row is claimed with SKIP LOCKED so that several
 * instances never send one mail twice; a failure is recorded and retried next round.
 */
export function startMailSender(db: Db, log: FastifyBaseLogger, smtpUrl: string, opts: { intervalMs?: number; from?: string } = {}) {
  const transport = nodemailer.createTransport(smtpUrl);
  const from = opts.from ?? 'Staffing back office <no-reply@localhost>';
  let inFlight: Promise<void> | undefined;
  // One round at a time; a caller arriving mid-round waits for that round.
  const drain = () => (inFlight ??= round().finally(() => (inFlight = undefined)));
  const round = async () => {
    try {
      for (;;) {
        const sent = await db.transaction(async (tx) => {
          const [row] = await tx
            .select()
            .from(mailOutbox)
            .where(and(isNull(mailOutbox.sentAt), lt(sql`now() - ${mailOutbox.createdAt}`, sql`${`${MAX_ATTEMPT_AGE_H} hours`}::interval`)))
            .orderBy(asc(mailOutbox.createdAt))
            .limit(1)
            .for('update', { skipLocked: true });
          if (!row) return false;
          try {
            await transport.sendMail({ from, to: row.to, subject: row.subject, text: row.body });
            await tx
              .update(mailOutbox)
              .set({ sentAt: sql`now()`, error: null })
              .where(eq(mailOutbox.id, row.id));
            return true;
          } catch (err) {
            await tx
              .update(mailOutbox)
              .set({ error: (err as Error).message.slice(0, 500) })
              .where(eq(mailOutbox.id, row.id));
            log.warn({ err: { message: (err as Error).message }, mailTo: row.to }, 'mail delivery failed; will retry');
            return 'failed' as const;
          }
        });
        if (sent !== true) break;
      }
    } catch (err) {
      log.warn({ err: { message: (err as Error).message } }, 'mail sender round failed');
    }
  };
  const timer = setInterval(() => void drain(), opts.intervalMs ?? 10_000);
  timer.unref();
  void drain();
  return {
    drain,
    stop() {
      clearInterval(timer);
      transport.close();
    },
  };
}
