#!/usr/bin/env bash
# Relevance search before and after a change of the ranking: starts the given WAR on a fresh
# database, loads COUNT snippets through the API (bench/SnippetLoader.java: every one holds
# "return", one in 10,000 holds "quokkaZanzibar"), then measures sort=relevance on one connection
# (service time, no queueing) for a rare and a common term, and the common term newest first.
# Usage: bench/relevance.sh [war] [count] [seconds-per-measurement]
set -euo pipefail
cd "$(dirname "$0")/.."
. bench/common.sh

war="${1:-target/snippet-store.war}"
count="${2:-20000}"
seconds="${3:-10}"
port=18182
base="http://127.0.0.1:$port"
data="$(mktemp -d)"

prepare
WAR="$war" start_service "$port" "$data"
token=$(admin_token "$base" bench-admin-password "$data/cookies")
java bench/SnippetLoader.java "$base" "$token" "$count" >&2

row() {   # name, path
    local out
    out=$(wrk -t1 -c1 -d"${seconds}s" --latency -H "Authorization: Bearer $token" "$base$2")
    printf '| %s | `%s` | %s | %s | %s |\n' "$1" "$2" "$(echo "$out" | awk '/Requests\/sec/ {print $2}')" \
        "$(echo "$out" | awk '$1 == "50%" {print $2}')" "$(echo "$out" | awk '$1 == "99%" {print $2}')"
}

echo "| measurement ($count snippets, one connection) | request | req/s | p50 | p99 |"
echo "|---|---|---|---|---|"
row "relevance, rare term" "/api/v1/snippets?query=quokkaZanzibar"
row "relevance, common term" "/api/v1/snippets?query=return"
row "relevance, common term, two terms" "/api/v1/snippets?query=return%20order"
row "common term, newest first" "/api/v1/snippets?query=return&sort=updated"
