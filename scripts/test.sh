#!/usr/bin/env bash
# `npm test`: the whole suite — typecheck, lint, unit and API tests (embedded database,
# and PostgreSQL too when DATABASE_URL is set), then end-to-end tests in Chromium.
set -euo pipefail
cd "$(dirname "$0")/.."
echo "== typecheck"; npm run --silent typecheck
echo "== lint"; npm run --silent lint
echo "== unit and API tests${DATABASE_URL:+ (embedded database and PostgreSQL)}"
npx vitest run
echo "== end-to-end tests"
npm run --silent test:e2e
