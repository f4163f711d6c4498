#!/usr/bin/env bash
# End-to-end tests run in Debian's Chromium; Playwright never downloads a browser.
set -euo pipefail
if [ ! -x /usr/bin/chromium ]; then
  echo "Installing Debian's chromium for the end-to-end tests..."
  export DEBIAN_FRONTEND=noninteractive
  SUDO=""; [ "$(id -u)" = 0 ] || SUDO="sudo"
  $SUDO apt-get update -qq
  $SUDO apt-get install -y -qq chromium fonts-noto-core >/dev/null
fi
/usr/bin/chromium --version
