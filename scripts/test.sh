#!/usr/bin/env bash
# `npm test`: the whole suite — typecheck and lint (side by side), unit and web tests, the API
# tests on the embedded database and, when DATABASE_URL is set, on PostgreSQL and across two instances
# behind HAProxy with their faults (tests/cluster), the scaffold's
# check, then end-to-end tests in Chromium. It ends with a table of each phase's wall time and
# the slowest test files (scripts/test-report.ts), also when a phase fails.
set -euo pipefail
cd "$(dirname "$0")/.."
results=reports/timing
rm -rf "$results" test-results/e2e-report.json && mkdir -p "$results"
trap 'npx tsx scripts/test-report.ts "$results" || true' EXIT

# phase <name> <command...>: runs the command and records its wall time.
phase() {
  local name=$1; shift
  echo "== $name"
  local start; start=$(date +%s.%N)
  local status=0
  "$@" || status=$?
  printf '%s\t%s\t%s\t%s\n' "$name" "$start" "$(date +%s.%N)" "$status" >>"$results/phases.tsv"
  return "$status"
}

# Two single-threaded tools: one core each.
checks() {
  npm run --silent typecheck >"$results/typecheck.log" 2>&1 & local typecheck=$!
  npm run --silent lint >"$results/lint.log" 2>&1 & local lint=$!
  local status=0
  wait "$typecheck" || { status=1; echo "typecheck failed:"; cat "$results/typecheck.log"; }
  wait "$lint" || { status=1; echo "lint failed:"; cat "$results/lint.log"; }
  return "$status"
}
vitest() { local project=$1; shift; npx vitest run "$@" --reporter=default --reporter=json --outputFile.json="$results/vitest-$project.json"; }
cluster() { bash scripts/ensure-haproxy.sh && vitest cluster --project cluster; }

phase "typecheck and lint" checks
phase "unit and web" vitest unit --project 'unit*' --project 'web*'
phase "API, embedded database" vitest api-pglite --project api-pglite
if [ -n "${DATABASE_URL:-}" ]; then
  phase "API, PostgreSQL" vitest api-postgres --project api-postgres
  phase "instances and faults" cluster
fi
phase "scaffold" bash scripts/check-scaffold.sh
phase "end to end" npm run --silent test:e2e
