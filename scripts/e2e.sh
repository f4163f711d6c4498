#!/usr/bin/env bash
# `npm run test:e2e [-- <playwright args>]`: the end-to-end suite. The client is built once and
# one data folder seeded once, before Playwright starts; each of its servers (one per worker,
# playwright.config.ts) then starts on a copy of that folder (scripts/e2e-server.sh).
set -euo pipefail
cd "$(dirname "$0")/.."
bash scripts/ensure-chromium.sh
run=$(mktemp -d "${TMPDIR:-/tmp}/staffing-e2e-XXXXXX")
trap 'rm -rf "$run"' EXIT
# The build and the seed, side by side (one core each).
start=$SECONDS
npx tsx scripts/e2e-seed.ts "$run/seed" &
seeding=$!
npm run --silent build >/dev/null
echo "e2e: client built ($((SECONDS - start)) s)"
wait "$seeding"
E2E_RUN_DIR=$run E2E_PREBUILT=1 npx playwright test "$@"
