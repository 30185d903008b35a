#!/usr/bin/env bash
# The list in a real browser (issue 65): a fresh Payara Micro with COUNT snippets of the
# administrator's (bench/SnippetLoader.java), then bench/browser/list-timing.mjs in headless
# Chromium: first items on screen after a warm load, and results settled after the last keystroke
# of a search typed at 10 keys a second; medians of ROUNDS. Measured twice: on the server just
# started (its code still interpreted, as after a deployment) and once wrk has sent the list's
# requests for 5 s each (compiled, as a service that has been running). Needs Node.js and Debian's chromium
# (scripts/install-test-tools.sh); playwright-core is installed from npm into target/bench-node.
# Prints Markdown rows for docs/BENCHMARKS.md. Usage: bench/list-in-browser.sh [COUNT] [ROUNDS]
set -euo pipefail
cd "$(dirname "$0")/.."
. bench/common.sh

count="${1:-200}"
rounds="${2:-15}"
port=18195
base="http://127.0.0.1:$port"
data="$(mktemp -d)"
node_dir=target/bench-node

prepare
[ -d "$node_dir/node_modules/playwright-core" ] || npm install --prefix "$node_dir" --no-save --silent playwright-core@1 >&2
cp bench/browser/list-timing.mjs "$node_dir/"
start_service "$port" "$data"
token=$(admin_token "$base" bench-admin-password "$data/cookies")
java bench/SnippetLoader.java "$base" "$token" "$count" >&2
echo "| measure ($count snippets, median of $rounds, range) | time |"
echo "|---|---|"
node "$node_dir/list-timing.mjs" "$base" bench-admin-password "$rounds" "just started"
for path in /api/v1/auth/whoami "/api/v1/collections?limit=100" "/api/v1/snippets?limit=50" /api/v1/snippets/facets \
        "/api/v1/snippets?limit=50&query=parse"; do
    wrk -t1 -c2 -d5s -H "Authorization: Bearer $token" "$base$path" >/dev/null
done
node "$node_dir/list-timing.mjs" "$base" bench-admin-password "$rounds" "warmed"
