import type { FastifyBaseLogger } from 'fastify';
import type { Db } from '../../db/client.js';
import { mailOutbox } from './mail.table.js';

/** Mail goes to the outbox table and the log; an SMTP sender (when SMTP_URL is set) drains the outbox. */
export async function sendMail(db: Db, log: FastifyBaseLogger, mail: { to: string; subject: string; body: string }) {
  await db.insert(mailOutbox).values(mail);
  log.info({ mailTo: mail.to, subject: mail.subject }, `mail queued: ${mail.body}`);
}
