#!/usr/bin/env bash
# CI: the README's `npm start` on a fresh clone of the committed HEAD, twice (issue 19).
#   1. With NODE_ENV=production, as in production: it must install (dev dependencies included, the build
#      needs them), build, migrate, seed the demo and serve; the install must leave package-lock.json
#      and the rest of the checkout exactly as committed.
#   2. Again with NODE_ENV unset, on the tree the first run installed and built: no second install, no
#      second build (scripts/build-stamp.mjs), and it serves.
# Each run must answer /api/health, the dashboard, the demo store at demo-store.localhost and the
# published pages' script; then it is stopped with SIGTERM.
set -euo pipefail
cd "$(dirname "$0")/.."

head="$(git rev-parse HEAD)"
tmp="$(mktemp -d "${TMPDIR:-/tmp}/funnelwork-fresh-clone-XXXXXX")"
repo="$tmp/repo"
log="$tmp/start.log"
server=''

stop() {
  [ -n "$server" ] || return 0
  local asked
  asked="$(date +%s)"
  kill -TERM -- "-$server" 2>/dev/null || true
  # Until every process of its session has gone (the server may outlive npm by its closing time).
  for _ in $(seq 1 30); do pgrep -s "$server" >/dev/null || break; sleep 1; done
  if pgrep -s "$server" >/dev/null; then
    echo "  still running 30 s after SIGTERM: SIGKILL"
    kill -KILL -- "-$server" 2>/dev/null || true
  fi
  wait "$server" 2>/dev/null || true
  server=''
  echo "  stopped in $(($(date +%s) - asked)) s"
}
began="$(date +%s)"
trap 'stop; rm -rf "$tmp"' EXIT

fail() {
  echo "✗ $1"
  echo "--- the last 40 lines of npm start's output ---"
  tail -n 40 "$log" || true
  exit 1
}

git clone --quiet . "$repo"
git -C "$repo" fetch --quiet origin "$head"
git -C "$repo" checkout --quiet --detach "$head"
port="$(node -e "const s = require('node:net').createServer().listen(0, () => { console.log(s.address().port); s.close(); })")"
echo "Fresh clone of $(git log -1 --format='%h %s' "$head") in $repo, port $port"

# $1: a label; the rest: `env` arguments for npm start.
start() {
  local label="$1" started
  shift
  echo "▶ npm start ($label)"
  started="$(date +%s)"
  # A session of its own (setsid), so that stopping it reaches npm, start.mjs and the server.
  # The embedded database in a temporary DATA_DIR, whatever DATABASE_URL the caller has.
  (cd "$repo" && exec env -u DATABASE_URL "$@" PORT="$port" DATA_DIR="$tmp/data" LOG_LEVEL=warn setsid npm start) >"$log" 2>&1 &
  server=$!
  until curl -sf -o /dev/null "http://127.0.0.1:$port/api/health"; do
    kill -0 "$server" 2>/dev/null || fail "npm start ($label) exited before it served"
    [ $(($(date +%s) - started)) -lt 900 ] || fail "npm start ($label) did not serve within 15 minutes"
    sleep 1
  done
  echo "  serving after $(($(date +%s) - started)) s"
  grep -E '^(Installing dependencies|added [0-9]+ packages|  database:)' "$log" | sed 's/^/  | /' || true
  # Each answer into a variable first: `curl | grep -q` can fail on SIGPIPE under pipefail.
  local health dashboard store
  health="$(curl -sf "http://127.0.0.1:$port/api/health")" || fail "/api/health does not answer"
  [[ $health == *'"status":"ok"'* ]] || fail "/api/health answered $health"
  dashboard="$(curl -sf "http://127.0.0.1:$port/")" || fail "the dashboard does not answer at /"
  [[ $dashboard == *'<div id="root">'* ]] || fail "/ is not the dashboard"
  store="$(curl -sf -H "Host: demo-store.localhost:$port" "http://127.0.0.1:$port/")" ||
    fail "the demo store does not answer at http://demo-store.localhost:$port/"
  [[ $store == *'/_fw/runtime.js'* ]] || fail "http://demo-store.localhost:$port/ is not a published page"
  curl -sf -o /dev/null "http://127.0.0.1:$port/_fw/runtime.js" || fail "the published pages' script is missing"
  # The newcomer's first screen: the demo signs in and its Dashboard has numbers at once (the demo's page
  # views are rolled up before the server listens).
  token="$(curl -sf -X POST -d 'grant_type=password&username=demo@funnelwork.test&password=demo12345' \
    "http://127.0.0.1:$port/api/users/sign_in" | node -e 'let s="";process.stdin.on("data",(d)=>(s+=d)).on("end",()=>console.log(JSON.parse(s).access_token))')" ||
    fail "the demo login does not sign in"
  now="$(date +%s)"
  summary="$(curl -sf -H "authorization: Bearer $token" \
    "http://127.0.0.1:$port/api/dashboard-summary?start=$((now - 30 * 86400))&end=$now")" ||
    fail "the demo's dashboard-summary does not answer"
  views="$(node -e 'console.log(JSON.parse(process.argv[1]).data.page_views.value)' "$summary")"
  [ "$views" -gt 0 ] || fail "the demo's Dashboard shows no page views over the last 30 days ($views)"
  # The e-mails' social icons are linked from every sent social block.
  icon_type="$(curl -sf -o /dev/null -w '%{content_type}' "http://127.0.0.1:$port/email-assets/social/facebook.png")" ||
    fail "the e-mails' social icons are not served"
  [[ $icon_type == image/png* ]] || fail "/email-assets/social/facebook.png is $icon_type, not a PNG"
  echo "  /api/health, the dashboard, the demo store, /_fw/runtime.js and the e-mail icons answer;"
  echo "  the demo signs in and its Dashboard shows $views page views over 30 days"
  stop
}

start 'NODE_ENV=production, fresh clone' NODE_ENV=production
grep -q '(demo account created)' "$log" || fail "the first run did not seed the demo account"

if ! git -C "$repo" diff --quiet -- package-lock.json; then
  git -C "$repo" diff --stat -- package-lock.json
  echo "✗ npm install on a fresh clone changed package-lock.json, so every newcomer's checkout is dirty."
  echo "  Run \`npm install\` in your checkout and commit package-lock.json as npm writes it (and check with"
  echo "  \`git diff package-lock.json\` that the change is only what your package.json change needs)."
  exit 1
fi
dirty="$(git -C "$repo" status --porcelain)"
if [ -n "$dirty" ]; then
  echo "$dirty"
  echo "✗ npm start left files in the checkout that git does not ignore: write them under DATA_DIR or dist/,"
  echo "  or add them to .gitignore."
  exit 1
fi
echo "  the checkout is clean: package-lock.json as committed"

start 'NODE_ENV unset, second run' -u NODE_ENV
if grep -q '^Installing dependencies' "$log"; then fail "the second run installed again"; fi
grep -q 'The build is up to date' "$log" || fail "the second run built again although no source changed"
# The clone's build of this commit, for the caller's checkout (.ci/run sets FRESH_CLONE_HANDOVER_TO): npm
# test finds it current by its stamp (scripts/build-stamp.mjs) and does not build the same sources again; a
# checkout whose sources differ from the commit builds as before.
target="${FRESH_CLONE_HANDOVER_TO:-}"
if [ -n "$target" ]; then
  for dist in apps/web/dist apps/server/dist; do
    rm -rf "${target:?}/$dist"
    cp -a "$repo/$dist" "$target/$dist"
  done
  echo "  its build copied to $target for npm test"
  # Its node_modules too, to a checkout that has none and the same package files (CI's fresh checkout):
  # installed above from the same lockfile, leaving it as committed, it is the tree an install there makes.
  # Workspace links and .bin links are relative, so the moved tree serves the checkout.
  if [ ! -e "$target/node_modules" ] &&
    git -C "$target" diff --quiet "$head" -- package-lock.json package.json '*/package.json' '*/*/package.json' 2>/dev/null; then
    mv "$repo/node_modules" "$target/node_modules"
    # And a workspace's own node_modules (bench keeps lighthouse and puppeteer-core there): without them
    # the type-check of bench/ fails.
    for nested in "$repo"/*/node_modules "$repo"/*/*/node_modules; do
      [ -d "$nested" ] || continue
      dir="${nested#"$repo"/}"
      [ -e "$target/$dir" ] || mv "$nested" "$target/$dir"
    done
    echo "  its node_modules moved to $target (installed from the same package-lock.json)"
  fi
fi
echo "✓ npm start works on a fresh clone with NODE_ENV=production, and again with NODE_ENV unset" \
  "($(($(date +%s) - began)) s)"
