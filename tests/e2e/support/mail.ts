import { readFileSync } from 'node:fs';
import { expect } from '@playwright/test';
import type { CapturedMail } from './mail-capture';

/** True when this run captures the server's mail (not against an external server). */

export function capturedMails(): CapturedMail[] {
  const file = process.env.E2E_MAIL_FILE;
  if (!file) return [];
  let content = '';
  try {
    content = readFileSync(file, 'utf8');
  } catch {
    return [];
  }
  return content
    .split('\n')
    .filter(Boolean)
    .map((line) => JSON.parse(line) as CapturedMail);
}

/**
 * Waits for a mail to `to` received at or after `since` whose subject matches, and
 * returns the 6-digit code it carries.
 */
export async function codeFromMail(to: string, subject: RegExp, since: number): Promise<string> {
  let code = '';
  await expect
    .poll(
      () => {
        const mail = capturedMails()
          .filter((m) => m.receivedAt >= since && m.to.includes(to.toLowerCase()) && subject.test(m.subject))
          .at(-1);
        code = /\b(\d{6})\b/.exec(mail?.text ?? '')?.[1] ?? '';
        return code;
      },
      { message: `a mail to ${to} with a 6-digit code`, timeout: 20_000 },
    )
    .toMatch(/^\d{6}$/);
  return code;
}
