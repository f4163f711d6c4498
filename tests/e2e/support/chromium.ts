// Debian's Chromium, never a downloaded browser: its headless shell (package
// chromium-headless-shell), the same engine without the desktop browser's window, tab strip and
// profile services, which cost a third more CPU per test on our two cores. The flags keep it off
// the (closed) network and lay text out as the desktop browser does (the shell hints glyphs by
// default, which makes words a little wider). E2E_CHROMIUM names another build to compare, e.g.
// /usr/lib/chromium/chromium.
export const CHROMIUM = {
  executablePath: process.env.E2E_CHROMIUM ?? '/usr/lib/chromium/chromium-headless-shell',
  args: [
    '--no-sandbox',
    '--disable-gpu',
    '--disable-background-networking',
    '--disable-component-update',
    '--disable-sync',
    '--disable-quic',
    '--no-first-run',
    '--font-render-hinting=none',
  ],
};
