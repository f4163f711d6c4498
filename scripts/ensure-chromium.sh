#!/usr/bin/env bash
# End-to-end tests run in Debian's Chromium (its headless shell, tests/e2e/support/chromium.ts);
# Playwright never downloads a browser.
set -euo pipefail
if [ ! -x /usr/lib/chromium/chromium-headless-shell ]; then
  echo "Installing Debian's chromium for the end-to-end tests..."
  export DEBIAN_FRONTEND=noninteractive
  SUDO=""; [ "$(id -u)" = 0 ] || SUDO="sudo"
  $SUDO apt-get update -qq
  $SUDO apt-get install -y -qq chromium-headless-shell fonts-noto-core >/dev/null
fi
/usr/lib/chromium/chromium-headless-shell --version
