#!/usr/bin/env bash
# Issue 33's second target: durable creates at 16 connections against ByteStash's creates in the
# same run. Starts ByteStash (its own SQLite in WAL mode, synchronous=NORMAL as better-sqlite3 builds
# it: not durable on power loss) and this service on Payara Micro as the run command starts it
# (synchronous=FULL), then measures them in turns, ByteStash first, each round with a warm-up of its
# own, so both see the same machine. Each creates the same small snippet (a title, two tags, one line
# of Java); this service reports the writes per commit from its metrics. ByteStash is signed in with
# its JWT header (one transaction per create; an API key adds an UPDATE of the key's last use).
#
# ByteStash is not a dependency of this project: point BYTESTASH_DIR at the `server` folder of a
# clone of https://github.com/jordan-dalby/ByteStash after `npm install --omit=dev` there (where
# the native modules' prebuilt binaries cannot be downloaded, build them with node-gyp against the
# local Node.js headers: docs/benchmarks/issue-33.md, "Issue 33, eleventh round"). Its folder is not written
# to: the script runs a copy of its sources against its node_modules, with a database of its own.
# Usage: BYTESTASH_DIR=... bench/bytestash.sh [seconds-per-measurement] [rounds]
set -euo pipefail
cd "$(dirname "$0")/.."
. bench/common.sh

: "${BYTESTASH_DIR:?set BYTESTASH_DIR to the server folder of ByteStash, with its node_modules installed}"
seconds="${1:-10}"
rounds="${2:-2}"
port=18185
base="http://127.0.0.1:$port"
bytestash_base="http://127.0.0.1:5000"   # ByteStash's port is fixed in its app.js
data="$(mktemp -d)"
stash="$(mktemp -d)"

prepare
if curl -s -o /dev/null "$bytestash_base"; then
    echo "port 5000 is taken: ByteStash listens there" >&2
    exit 1
fi
# ByteStash keeps its database at ../../data beside its sources: a copy of the sources keeps it in $stash
mkdir -p "$stash/server"
cp -r "$BYTESTASH_DIR/src" "$BYTESTASH_DIR/docs" "$BYTESTASH_DIR/package.json" "$stash/server/"
ln -s "$(cd "$BYTESTASH_DIR" && pwd)/node_modules" "$stash/server/node_modules"
(cd "$stash/server" && JWT_SECRET="bench-$RANDOM$RANDOM" exec node src/app.js >"$stash/bytestash.log" 2>&1) &
bytestash=$!
start_server payara "$port" "$data"
trap "kill $bytestash 2>/dev/null || true; stop_server $server '$data'; rm -rf '$stash'" EXIT
until curl -s -o /dev/null "$bytestash_base/api/auth/config"; do
    kill -0 "$bytestash" 2>/dev/null || { tail -20 "$stash/bytestash.log" >&2; exit 1; }
    sleep 0.5
done

token=$(admin_token "$base" bench-admin-password "$data/cookies")
jwt=$(curl -sf -H 'Content-Type: application/json' -d '{"username":"bench","password":"bench-password"}' \
    "$bytestash_base/api/auth/register" | sed -n 's/.*"token":"\([^"]*\)".*/\1/p')

cat >"$data/ours.lua" <<'LUA'
wrk.method = "POST"
wrk.headers["Content-Type"] = "application/json"
wrk.body = '{"title":"bench create","language":"java","code":"return computeOrderTotal(order);","tags":["api","db"]}'
LUA
cat >"$data/bytestash.lua" <<'LUA'
wrk.method = "POST"
wrk.headers["Content-Type"] = "application/json"
wrk.body = '{"title":"bench create","description":"","categories":["api","db"],"is_public":0,'
    .. '"fragments":[{"file_name":"main.java","code":"return computeOrderTotal(order);","language":"java","position":0}]}'
LUA

groups() {   # count and sum of this service's write groups so far
    curl -sf -H "Authorization: Bearer $token" "$base/api/v1/metrics" \
        | awk '/^snippets_write_group_size_count/ {c=$2} /^snippets_write_group_size_sum/ {s=$2} END {print c+0, s+0}'
}
stats() {   # wrk output: req/s p50 p99 non-2xx
    echo "$1" | awk '/Requests\/sec/ {r=$2} $1=="50%" {p50=$2} $1=="99%" {p99=$2} /Non-2xx/ {e=$5} END {printf "%s | %s | %s | %d", r, p50, p99, e}'
}
rate() {   # wrk output: req/s
    echo "$1" | awk '/Requests\/sec/ {print $2}'
}
creates() {   # lua script, header, URL: wrk at 16 connections after a warm-up as long
    wrk -t2 -c16 -d"${seconds}s" -s "$1" -H "$2" "$3" >/dev/null
    wrk -t2 -c16 -d"${seconds}s" --latency -s "$1" -H "$2" "$3"
}

echo "| round | service | req/s | p50 | p99 | non-2xx | writes per grouped commit | this service / ByteStash |"
echo "|---:|---|---:|---:|---:|---:|---:|---:|"
for round in $(seq "$rounds"); do
    theirs=$(creates "$data/bytestash.lua" "bytestashauth: Bearer $jwt" "$bytestash_base/api/snippets")
    before=$(groups)
    ours=$(creates "$data/ours.lua" "Authorization: Bearer $token" "$base/api/v1/snippets")
    after=$(groups)
    per_commit=$(echo "$before $after" | awk '{c=$3-$1; s=$4-$2; if (c > 0) printf "%.1f", s / c; else printf "none"}')
    echo "| $round | ByteStash | $(stats "$theirs") | | |"
    echo "| $round | Snippet Store | $(stats "$ours") | $per_commit | $(echo "$(rate "$ours") $(rate "$theirs")" | awk '{printf "%.2f", $1 / $2}') |"
done
echo
echo "16 connections (wrk -t2 -c16), ${seconds} s each after ${seconds} s of warm-up; Snippet Store with synchronous=FULL;" \
    "ByteStash at $(cd "$BYTESTASH_DIR" && git rev-parse --short HEAD 2>/dev/null || echo 'a copy'), Node.js $(node -v); JAVA_OPTS: ${JAVA_OPTS:-the run profile heap}"
