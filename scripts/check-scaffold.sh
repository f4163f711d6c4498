#!/usr/bin/env bash
# The scaffold's promise, checked: in a throw-away copy of the tree, `npm run new:resource`
# writes a resource with every field type (a file slot too); the copy then type-checks and lints, its schema and
# migrations agree, the contract suite and the locale test cover the new resource on the embedded
# database (and PostgreSQL when DATABASE_URL is set), and its pages work in Chromium.
set -euo pipefail
cd "$(dirname "$0")/.."
root=$PWD
copy=$(mktemp -d "${TMPDIR:-/tmp}/scaffold-check-XXXXXX")
trap 'rm -rf "$copy"' EXIT
git ls-files -co --exclude-standard -z | xargs -0 cp --parents -t "$copy"
ln -s "$root/node_modules" "$copy/node_modules"
cd "$copy"

name=scaffold-probes
echo "-- a refused command writes nothing"
if npm run --silent new:resource -- "$name" rating:int --section customers >/dev/null 2>&1; then
  echo "new:resource accepted a resource whose first field is not a string"; exit 1
fi
[ -z "$(find src -path "*$name*" -print -quit)" ] || { echo "a refused new:resource left files behind"; exit 1; }

echo "-- new:resource $name"
npm run --silent new:resource -- "$name" name:string code:string:unique notes:text contactEmail:email seats:int \
  ratio:decimal budget:money startsOn:date remindAt:datetime active:boolean 'status:enum(draft|live|retired)' \
  'customerId:ref(customers)' 'techStackIds:refs(tech-stacks)' 'contractScan:file(pdf|docx)' --section customers

echo "-- the schema and the migrations agree"
npx drizzle-kit generate | grep -q "No schema changes" || { echo "the tables and the migrations differ"; exit 1; }
echo "-- typecheck and lint (npm run typecheck's three projects and the linters, on both cores)"
npx tsc -p tsconfig.server.json & server=$!
{ npx tsc -p tsconfig.web.json && npx tsc -p tsconfig.e2e.json; } & client=$!
status=0
npx eslint src/domain/modules/$name src/server/modules/$name src/web/modules/$name scripts tests/fixtures || status=1
npx prettier --check --log-level warn . || status=1
wait "$server" || status=1
wait "$client" || status=1
[ "$status" = 0 ] || { echo "the scaffold's resource does not type-check or lint"; exit 1; }
echo "-- the domain's unit tests over the registry, and the locales"
npx vitest run --project unit --project 'web*' src/domain src/web/i18n/locales.test.ts
echo "-- contract suite"
projects=(--project api-pglite)
[ -n "${DATABASE_URL:-}" ] && projects+=(--project api-postgres)
npx vitest run "${projects[@]}" tests/api/resources.test.ts tests/api/file-slots.test.ts -t "$name"
npm run --silent i18n:untranslated -- "$name" | tail -1
echo "-- in the browser"
bash scripts/ensure-chromium.sh >/dev/null
E2E_WORKERS=1 E2E_PORT=${SCAFFOLD_E2E_PORT:-3200} npx playwright test tests/e2e/resources.spec.ts -g "$name: list, create"
echo "The scaffold's resource works."
