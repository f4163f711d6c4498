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
echo "-- typecheck and lint"
npm run --silent typecheck
npx eslint src/domain/modules/$name src/server/modules/$name src/web/modules/$name scripts tests/fixtures
npx prettier --check --log-level warn .
echo "-- the domain's unit tests over the registry"
npx vitest run --project unit src/domain
echo "-- contract suite and locales"
projects=(--project api-pglite)
[ -n "${DATABASE_URL:-}" ] && projects+=(--project api-postgres)
npx vitest run "${projects[@]}" tests/api/resources.test.ts tests/api/file-slots.test.ts -t "$name"
npx vitest run --project 'web*' src/web/i18n/locales.test.ts
npm run --silent i18n:untranslated -- "$name" | tail -1
echo "-- in the browser"
bash scripts/ensure-chromium.sh >/dev/null
E2E_WORKERS=1 E2E_PORT=${SCAFFOLD_E2E_PORT:-3200} npx playwright test tests/e2e/resources.spec.ts -g "$name: list, create"
echo "The scaffold's resource works."
