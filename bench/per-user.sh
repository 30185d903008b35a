#!/usr/bin/env bash
# Per-user search cost: does a user's search cost follow their own snippets or the whole store's?
# Loads OWN snippets for one user and measures their searches on one connection (a store holding
# only that user), then loads OTHERS snippets for another user and measures the same searches
# again. The loader puts the common term "return" in every snippet and "quokkaZanzibar" in one in
# 10,000. Prints a Markdown table for docs/BENCHMARKS.md.
# Usage: bench/per-user.sh [others] [own] [seconds-per-measurement]
set -euo pipefail
cd "$(dirname "$0")/.."
. bench/common.sh

others="${1:-100000}"
own="${2:-500}"
seconds="${3:-10}"
port=18182
base="http://127.0.0.1:$port"
data="$(mktemp -d)"

prepare
start_service "$port" "$data"
admin=$(admin_token "$base" bench-admin-password "$data/admin-cookies")
curl -sf -H "Authorization: Bearer $admin" -H 'Content-Type: application/json' \
     -d '{"username":"alice","password":"alice-bench-password"}' "$base/api/v1/users" >/dev/null
curl -sf -c "$data/alice-cookies" -H 'Content-Type: application/json' \
     -d '{"username":"alice","password":"alice-bench-password"}' "$base/api/v1/auth/login" >/dev/null
alice=$(curl -sf -b "$data/alice-cookies" -H 'Content-Type: application/json' -d '{"name":"bench"}' \
     "$base/api/v1/auth/tokens" | sed -n 's/.*"token":"\([^"]*\)".*/\1/p')

measure_all() {   # label
    for query in "query=return" "query=return&sort=updated" "query=quokkaZanzibar"; do
        wrk -t1 -c1 -d"${seconds}s" -H "Authorization: Bearer $alice" "$base/api/v1/snippets?$query" >/dev/null   # warm
        out=$(wrk -t1 -c1 -d"${seconds}s" --latency -H "Authorization: Bearer $alice" "$base/api/v1/snippets?$query")
        printf '| %s | `%s` | %s | %s | %s |\n' "$1" "$query" \
            "$(echo "$out" | awk '/Requests\/sec/ {print $2}')" \
            "$(echo "$out" | awk '$1 == "50%" {print $2}')" "$(echo "$out" | awk '$1 == "99%" {print $2}')"
    done
}

java bench/SnippetLoader.java "$base" "$alice" "$own" >&2
echo "| store | alice's search, one connection | req/s | p50 | p99 |"
echo "|---|---|---|---|---|"
measure_all "alice's $own alone"
java bench/SnippetLoader.java "$base" "$admin" "$others" >&2
measure_all "alice's $own among $others of another user"
