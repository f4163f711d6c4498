#!/usr/bin/env bash
# End-to-end tests run in Debian's Chromium (its headless shell; the full browser for E2E_BROWSER=/usr/bin/chromium);
# Playwright never downloads a browser.
set -euo pipefail
if [ ! -x /usr/bin/chromium ] || [ ! -x /usr/bin/chromium-headless-shell ]; then
  echo "Installing Debian's chromium and its headless shell for the end-to-end tests..."
  export DEBIAN_FRONTEND=noninteractive
  SUDO=""; [ "$(id -u)" = 0 ] || SUDO="sudo"
  $SUDO apt-get update -qq
  $SUDO apt-get install -y -qq chromium chromium-headless-shell fonts-noto-core >/dev/null
fi
/usr/bin/chromium-headless-shell --version
