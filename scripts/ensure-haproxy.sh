#!/usr/bin/env bash
# The two-instance test runs the servers behind Debian's HAProxy with the repository's
# configuration (deploy/haproxy.cfg), as a firm would run them.
set -euo pipefail
if ! command -v haproxy >/dev/null; then
  echo "Installing Debian's haproxy for the two-instance test..."
  export DEBIAN_FRONTEND=noninteractive
  SUDO=""; [ "$(id -u)" = 0 ] || SUDO="sudo"
  $SUDO apt-get update -qq
  $SUDO apt-get install -y -qq haproxy >/dev/null
fi
haproxy -v | head -1
