import { appendFileSync, writeFileSync } from 'node:fs';
import { SMTPServer } from 'smtp-server';

// Mail the e2e server sends over SMTP lands here: one JSON line per message in the
// file named by E2E_MAIL_FILE, which the specs read (support/mail.ts).

export type CapturedMail = {
  to: string[];
  subject: string;
  text: string;
  receivedAt: number;
};

/** Header value (unfolded) and body of a plain RFC 5322 message. */
function parse(raw: string): { subject: string; text: string } {
  const split = raw.search(/\r?\n\r?\n/);
  const head = split === -1 ? raw : raw.slice(0, split);
  const body = split === -1 ? '' : raw.slice(split).trim();
  const subject =
    /^subject:\s*(.*(?:\r?\n[ \t].*)*)/im
      .exec(head)?.[1]
      .replace(/\r?\n[ \t]+/g, ' ')
      .trim() ?? '';
  // Quoted-printable soft line breaks and escapes (nodemailer's choice for long lines).
  const text = /content-transfer-encoding:\s*quoted-printable/i.test(head)
    ? body.replace(/=\r?\n/g, '').replace(/=([0-9A-F]{2})/gi, (_, h: string) => String.fromCharCode(parseInt(h, 16)))
    : body;
  return { subject, text };
}

export async function startMailCapture(port: number, file: string) {
  writeFileSync(file, '');
  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS', 'AUTH'],
    logger: false,
    onData(stream, session, done) {
      let raw = '';
      stream.setEncoding('utf8');
      stream.on('data', (chunk: string) => (raw += chunk));
      stream.on('end', () => {
        const mail: CapturedMail = {
          to: session.envelope.rcptTo.map((r) => r.address.toLowerCase()),
          ...parse(raw),
          receivedAt: Date.now(),
        };
        appendFileSync(file, `${JSON.stringify(mail)}\n`);
        done();
      });
    },
  });
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(port, '127.0.0.1', () => resolve());
  });
  return () => new Promise<void>((resolve) => server.close(() => resolve()));
}
