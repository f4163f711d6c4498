#!/usr/bin/env bash
# One end-to-end server (Playwright's webServer, playwright.config.ts): `e2e-server.sh <index>`
# starts the server of worker <index> on port E2E_PORT + <index>, on its own copy of the run's
# seeded data folder ($E2E_RUN_DIR/seed). When Playwright was started directly (not through
# scripts/e2e.sh), the first server to get here builds the client and seeds the folder, and the
# others wait for it.
set -euo pipefail
cd "$(dirname "$0")/.."
index=${1:?usage: e2e-server.sh <index>}
run=${E2E_RUN_DIR:?E2E_RUN_DIR is set by playwright.config.ts}
seed=$run/seed
mkdir -p "$run"
if [ ! -f "$seed.ready" ]; then
  if mkdir "$run/prepare.lock" 2>/dev/null; then
    if [ -z "${E2E_PREBUILT:-}" ]; then npm run --silent build >/dev/null || { touch "$run/prepare.failed"; exit 1; }; fi
    npx tsx scripts/e2e-seed.ts "$seed" >/dev/null || { touch "$run/prepare.failed"; exit 1; }
  else
    for _ in $(seq 600); do
      [ -f "$seed.ready" ] && break
      [ -f "$run/prepare.failed" ] && { echo "e2e: building or seeding failed" >&2; exit 1; }
      sleep 0.5
    done
  fi
fi
[ -f "$seed.ready" ] || { echo "e2e: no seeded data folder in $run" >&2; exit 1; }
data=$run/server-$index
rm -rf "$data"
cp -a "$seed" "$data"
export DATABASE_URL= REDIS_URL=
export PORT=$((${E2E_PORT:-3100} + index)) DATA_DIR=$data DEMO_DATA=false
export ACCESS_TOKEN_TTL_S=5 SMTP_URL=smtp://127.0.0.1:${E2E_SMTP_PORT:?} MAIL_POLL_MS=500 LOG_LEVEL=warn
exec npx tsx src/server/main.ts
