#!/usr/bin/env bash
# `npm test`: the whole suite — typecheck, lint, unit and API tests (embedded database,
# and PostgreSQL too when DATABASE_URL is set), the scaffold's check, then end-to-end tests in Chromium.
set -euo pipefail
cd "$(dirname "$0")/.."
echo "== typecheck"; npm run --silent typecheck
echo "== lint"; npm run --silent lint
echo "== unit and API tests${DATABASE_URL:+ (embedded database and PostgreSQL)}"
npx vitest run
echo "== scaffold: a throw-away resource in a copy of the tree"
bash scripts/check-scaffold.sh
echo "== end-to-end tests"
npm run --silent test:e2e
