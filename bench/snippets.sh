#!/usr/bin/env bash
# Snippet benchmark: loads realistic snippets through the API into a fresh database, then measures
# with wrk, in one run: the ceiling (../shared/bench/ceiling, a trivial JAX-RS endpoint deployed in
# the same Payara Micro), GET by id, search for a rare and a common term, a tag filter, page 1
# against a page 1,000 items deep, and create. Every read is also given as a share of the ceiling.
# Prints a Markdown table for docs/BENCHMARKS.md.
# Usage: bench/snippets.sh [count] [seconds-per-measurement] [connections]
# JAVA_OPTS is passed to the server's JVM (say JAVA_OPTS=-Xmx384m).
set -euo pipefail
cd "$(dirname "$0")/.."
. bench/common.sh

count="${1:-100000}"
seconds="${2:-10}"
connections="${3:-16}"
port=18181
base="http://127.0.0.1:$port"
data="$(mktemp -d)"

prepare
ceiling_war=$(built_ceiling_war)
start_service "$port" "$data" --deploy "$ceiling_war:/ceiling"
token=$(admin_token "$base" bench-admin-password "$data/cookies")
auth="Authorization: Bearer $token"

java bench/SnippetLoader.java "$base" "$token" "$count" >&2

id=$(curl -sf -H "$auth" "$base/api/v1/snippets?limit=1" | sed -n 's/.*"data":\[{"id":"\([^"]*\)".*/\1/p')
cursor=""
for _ in $(seq 1 20); do   # 20 pages of 50: the cursor after 1,000 items
    cursor=$(curl -sf -H "$auth" "$base/api/v1/snippets?limit=50${cursor:+&cursor=$cursor}" | sed -n 's/.*"nextCursor":"\([^"]*\)".*/\1/p')
done

cat >"$data/create.lua" <<'LUA'
wrk.method = "POST"
wrk.headers["Content-Type"] = "application/json"
wrk.body = '{"title":"bench create","language":"java","code":"return computeOrderTotal(order);","tags":["api","db"]}'
LUA

measure() {   # name, path, [extra wrk arguments]
    local name="$1" path="$2"; shift 2
    local out
    out=$(wrk -t2 -c"$connections" -d"${seconds}s" --latency -H "$auth" "$@" "$base$path")
    print_row "$name" "$path" "$out"
}

measure_alone() {   # name, path: one connection, so latency is service time without queueing
    local name="$1" path="$2"
    print_row "$name" "$path" "$(wrk -t1 -c1 -d"${seconds}s" --latency -H "$auth" "$base$path")"
}

ceiling_rps=""
print_row() {   # name, path, wrk output
    local name="$1" path="$2" out="$3"
    local rps p50 p99 share
    rps=$(echo "$out" | awk '/Requests\/sec/ {print $2}')
    p50=$(echo "$out" | awk '$1 == "50%" {print $2}')
    p99=$(echo "$out" | awk '$1 == "99%" {print $2}')
    local errors
    errors=$(echo "$out" | awk '/Non-2xx/ {print $5}')
    share=$(awk -v r="$rps" -v c="${ceiling_rps:-$rps}" 'BEGIN {printf "%.0f %%", 100 * r / c}')
    [ "${reads:-yes}" = yes ] || share="(a write)"
    ceiling_rps="${ceiling_rps:-$rps}"
    printf '| %s | `%s` | %s | %s | %s | %s | %s |\n' "$name" "$path" "$rps" "$share" "$p50" "$p99" "${errors:-0}"
}

# Warm both endpoints first: the ceiling's figure is the server's limit only once it is compiled.
wrk -t2 -c"$connections" -d"${seconds}s" "$base/ceiling/api/ping" >/dev/null
wrk -t2 -c"$connections" -d"${seconds}s" -H "$auth" "$base/api/v1/snippets/$id" >/dev/null
echo "| measurement | request | req/s | of the ceiling | p50 | p99 | non-2xx |"   # 2 threads, $connections connections unless "one connection"
echo "|---|---|---|---|---|---|---|"
measure "ceiling: trivial JAX-RS endpoint in the same server" "/ceiling/api/ping"
measure "token authentication alone (whoami)" "/api/v1/auth/whoami"
measure "GET by id" "/api/v1/snippets/$id"
measure "search, rare term" "/api/v1/snippets?query=quokkaZanzibar"
measure_alone "search, rare term, one connection" "/api/v1/snippets?query=quokkaZanzibar"
measure "search, common term" "/api/v1/snippets?query=return"
measure "search, common term, newest first" "/api/v1/snippets?query=return&sort=updated"
measure_alone "search, common term, newest first, one connection" "/api/v1/snippets?query=return&sort=updated"
measure "tag filter" "/api/v1/snippets?tag=cache-web"
measure "page 1 (50 items)" "/api/v1/snippets?limit=50"
measure "page after 1,000 items (50 items)" "/api/v1/snippets?limit=50&cursor=$cursor"
reads=no
measure "create" "/api/v1/snippets" -s "$data/create.lua"
rss=$(ps -o rss= -p "$server" | tr -d ' ')
echo
echo "snippets: $count; $connections connections; JAVA_OPTS: ${JAVA_OPTS:-none}; server RSS after the run: $((rss / 1024)) MiB; database: $(du -m "$data/snippets.db" | cut -f1) MiB"
