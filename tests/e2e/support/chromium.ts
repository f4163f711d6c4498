// Debian's Chromium, never a downloaded browser; the flags keep it off the (closed) network.
// E2E_BROWSER names the binary: Debian's headless shell (chromium-headless-shell) by default,
// the same engine without the full browser's windowing, as Playwright itself runs headless tests.
import { existsSync } from 'node:fs';

const HEADLESS_SHELL = '/usr/bin/chromium-headless-shell';
export const CHROMIUM = {
  executablePath: process.env.E2E_BROWSER || (existsSync(HEADLESS_SHELL) ? HEADLESS_SHELL : '/usr/bin/chromium'),
  args: [
    '--no-sandbox',
    '--disable-gpu',
    '--disable-background-networking',
    '--disable-component-update',
    '--disable-sync',
    '--disable-quic',
    '--no-first-run',
  ],
};
