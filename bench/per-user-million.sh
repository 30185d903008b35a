#!/usr/bin/env bash
# One user's search among a million snippets of another: alice's OWN snippets are loaded through
# the API, then the service is stopped and OTHERS snippets of bob are inserted straight into the
# database (bench/SnippetLoader.java --database: the API would take hours), then the service
# starts again and its search index catches up from the database's change log. Measures alice's
# searches on one connection and on four, and how long the start took with that catching up.
# Prints Markdown for docs/BENCHMARKS.md.
# Usage: bench/per-user-million.sh [others] [own] [seconds-per-measurement]
set -euo pipefail
cd "$(dirname "$0")/.."
. bench/common.sh

others="${1:-1000000}"
own="${2:-500}"
seconds="${3:-10}"
port=18184
base="http://127.0.0.1:$port"
data="$(mktemp -d)"

prepare
sqlite_jar=$(find ~/.m2/repository/org/xerial/sqlite-jdbc -name 'sqlite-jdbc-*.jar' | sort | tail -1)
start_service "$port" "$data"
admin=$(admin_token "$base" bench-admin-password "$data/admin-cookies")
for user in alice bob; do
    curl -sf -H "Authorization: Bearer $admin" -H 'Content-Type: application/json' \
         -d "{\"username\":\"$user\",\"password\":\"$user-bench-password\"}" "$base/api/v1/users" >/dev/null
done
curl -sf -c "$data/alice-cookies" -H 'Content-Type: application/json' \
     -d '{"username":"alice","password":"alice-bench-password"}' "$base/api/v1/auth/login" >/dev/null
alice=$(curl -sf -b "$data/alice-cookies" -H 'Content-Type: application/json' -d '{"name":"bench"}' \
     "$base/api/v1/auth/tokens" | sed -n 's/.*"token":"\([^"]*\)".*/\1/p')
java bench/SnippetLoader.java "$base" "$alice" "$own" >&2

kill "$server"
while kill -0 "$server" 2>/dev/null; do sleep 0.2; done
java -cp "$sqlite_jar" bench/SnippetLoader.java --database "$data/snippets.db" bob "$others" >&2
mv "$data/server.log" "$data/server-first.log"
started=$(date +%s.%N)
start_service "$port" "$data"
ready=$(date +%s.%N)
# the first search waits until the index holds every logged change
first=$(curl -sf -o /dev/null -w '%{time_total}' -H "Authorization: Bearer $alice" "$base/api/v1/snippets?query=payload")
caught_up=$(date +%s.%N)

echo "| alice's $own among $others of bob | request | connections | req/s | p50 | p99 |"
echo "|---|---|---|---|---|---|"
for query in "query=payload" "query=payload&sort=updated" "query=payload%20return" "query=zebrafish" "query=id"; do
    for connections in 1 4; do
        wrk -t1 -c"$connections" -d"${seconds}s" -H "Authorization: Bearer $alice" "$base/api/v1/snippets?$query" >/dev/null   # warm
        out=$(wrk -t1 -c"$connections" -d"${seconds}s" --latency -H "Authorization: Bearer $alice" "$base/api/v1/snippets?$query")
        printf '| | `%s` | %s | %s | %s | %s |\n' "$query" "$connections" "$(echo "$out" | awk '/Requests\/sec/ {print $2}')" \
            "$(echo "$out" | awk '$1 == "50%" {print $2}')" "$(echo "$out" | awk '$1 == "99%" {print $2}')"
    done
done
echo
echo "start after the bulk insert: ready in $(awk -v a="$started" -v b="$ready" 'BEGIN {printf "%.1f", b - a}') s, first search answered" \
     "$(awk -v a="$started" -v b="$caught_up" 'BEGIN {printf "%.1f", b - a}') s after the start (that search: ${first} s);" \
     "log: $(grep -o 'Built the search index of [0-9]* snippets in [0-9]* ms' "$data/server.log" || echo 'no rebuild')," \
     "index $(($(du -sb "$data/search" | cut -f1) / 1048576)) MiB, database $(($(du -sb "$data/snippets.db" | cut -f1) / 1048576)) MiB"
