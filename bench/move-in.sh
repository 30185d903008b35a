#!/usr/bin/env bash
# Issue 64's target: `snippets import bytestash` of 5,000 snippets (two fragments each: 5,000
# snippets and 5,000 attachments) within a minute, end to end: the command-line client reading a
# ByteStash 1.5 API staged on loopback (bench/StagedByteStash.java, shaped as ByteStash's
# snippetRoutes.js answers) and importing into a fresh Payara Micro as the run command starts it.
# Then the same import again, which must create nothing (the source ids are matched), and its time.
# Usage: bench/move-in.sh [snippets] [port]
set -euo pipefail
cd "$(dirname "$0")/.."
. bench/common.sh

count="${1:-5000}"
port="${2:-18193}"
stash_port=$((port + 1))
base="http://127.0.0.1:$port"
data="$(mktemp -d)"

prepare
[ -x cli/target/snippets ] || mvn -B -q -f cli/pom.xml package -DskipTests
start_server payara "$port" "$data"
token=$(admin_token "$base" bench-admin-password "$data/cookies")
java bench/StagedByteStash.java "$stash_port" "$count" bench-key > "$data/stash.log" 2>&1 &
stash=$!
trap 'kill "$stash" 2>/dev/null || true' EXIT
for _ in $(seq 100); do grep -q ready "$data/stash.log" 2>/dev/null && break; sleep 0.2; done

export XDG_CONFIG_HOME="$data/config" SNIPPETS_SERVER="$base" SNIPPETS_TOKEN="$token" BYTESTASH_API_KEY=bench-key
run() {   # label: one import, its wall time and its summary line
    local started ended
    started=$(date +%s.%N)
    cli/target/snippets import bytestash --url "http://127.0.0.1:$stash_port" --timeout 300 > "$data/out" 2>&1
    ended=$(date +%s.%N)
    printf '| %s | %.1f s | %s |\n' "$1" "$(echo "$ended - $started" | bc)" "$(tail -1 "$data/out")"
}
echo "| run ($count ByteStash snippets, 2 fragments each) | wall | the client's summary |"
echo "|---|---|---|"
run "first: all new"
run "second: the same again"
