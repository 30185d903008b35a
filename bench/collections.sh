#!/usr/bin/env bash
# A collection of 10,000 snippets listed and searched beside a tag filter (issue 62: "at the speed of
# a tag filter", ratio >= 0.8): loads COUNT snippets through the API into a fresh database
# (bench/SnippetLoader.java), puts 10,000 of them (every one tagged cache-web, then others) into one
# collection through the API, 100 per request, and measures with wrk at CONNECTIONS connections, in
# one run: the ceiling (../shared/bench/ceiling in the same Payara Micro), the tag filter and the
# collection filter, each alone and with a search; each row also as a share of its tag-filter row.
# Prints Markdown for docs/BENCHMARKS.md.
# Usage: bench/collections.sh [count] [seconds-per-measurement] [connections]
# JAVA_OPTS is passed to the server's JVM (say JAVA_OPTS=-Xmx384m).
set -euo pipefail
cd "$(dirname "$0")/.."
. bench/common.sh

count="${1:-50000}"
seconds="${2:-10}"
connections="${3:-4}"
port=18187
base="http://127.0.0.1:$port"
data="$(mktemp -d)"

prepare
command -v sqlite3 >/dev/null || { apt-get update -qq && apt-get install -y -qq sqlite3 >/dev/null; }
ceiling_war=$(built_ceiling_war)
start_service "$port" "$data" --deploy "$ceiling_war:/ceiling"
token=$(admin_token "$base" bench-admin-password "$data/cookies")
auth="Authorization: Bearer $token"

java bench/SnippetLoader.java "$base" "$token" "$count" >&2

collection=$(curl -sf -H "$auth" -H 'Content-Type: application/json' -d '{"name":"Ten thousand"}' \
    "$base/api/v1/collections" | sed -n 's/.*"data":{"id":"\([^"]*\)".*/\1/p')
sqlite3 "file:$data/snippets.db?mode=ro" "SELECT s.id FROM snippets s
    ORDER BY EXISTS (SELECT 1 FROM snippet_tags t WHERE t.snippet_id = s.id AND t.tag = 'cache-web') DESC, s.id
    LIMIT 10000" >"$data/ids"
split -l 100 "$data/ids" "$data/batch."
for batch in "$data"/batch.*; do
    body=$(awk 'BEGIN {printf "{\"snippetIds\":["} {printf "%s\"%s\"", (NR > 1 ? "," : ""), $1} END {printf "]}"}' "$batch")
    curl -sf -o /dev/null -H "$auth" -H 'Content-Type: application/json' -d "$body" \
        "$base/api/v1/collections/$collection/snippets"
done
entries=$(sqlite3 "file:$data/snippets.db?mode=ro" "SELECT count(*) FROM collection_snippets")
tagged=$(sqlite3 "file:$data/snippets.db?mode=ro" "SELECT count(*) FROM snippet_tags WHERE tag = 'cache-web'")

yardstick=""
row() {   # name, path
    local name="$1" path="$2" out rps share
    out=$(wrk -t2 -c"$connections" -d"${seconds}s" --latency -H "$auth" "$base$path")
    rps=$(echo "$out" | awk '/Requests\/sec/ {print $2}')
    share=$(awk -v r="$rps" -v t="${yardstick:-$rps}" 'BEGIN {printf "%.2f", r / t}')
    printf '| %s | `%s` | %s | %s | %s | %s | %s |\n' "$name" "$path" "$rps" "$share" \
        "$(echo "$out" | awk '$1 == "50%" {print $2}')" "$(echo "$out" | awk '$1 == "99%" {print $2}')" \
        "$(echo "$out" | awk '/Non-2xx/ {print $5}' | grep . || echo 0)"
}
rps_of() { echo "$1" | awk -F'|' '{gsub(/ /, "", $4); print $4}'; }

c="collection=$collection"
for path in "/ceiling/api/ping" "/api/v1/snippets?tag=cache-web" "/api/v1/snippets?$c" \
            "/api/v1/snippets?tag=cache-web&query=payload" "/api/v1/snippets?$c&query=payload"; do
    wrk -t2 -c"$connections" -d"${seconds}s" -H "$auth" "$base$path" >/dev/null
done
echo "| measurement ($count snippets, $entries in the collection, $tagged tagged cache-web, $connections connections) | request | req/s | of its tag filter | p50 | p99 | non-2xx |"
echo "|---|---|---|---|---|---|---|"
ceiling=$(wrk -t2 -c"$connections" -d"${seconds}s" --latency "$base/ceiling/api/ping")
printf '| ceiling: trivial JAX-RS endpoint in the same server | `/ceiling/api/ping` | %s | | %s | %s | 0 |\n' \
    "$(echo "$ceiling" | awk '/Requests/ {print $2}')" "$(echo "$ceiling" | awk '$1 == "50%" {print $2}')" \
    "$(echo "$ceiling" | awk '$1 == "99%" {print $2}')"
yardstick=""
tag=$(row "tag filter" "/api/v1/snippets?tag=cache-web")
echo "$tag"
yardstick=$(rps_of "$tag")
row "collection filter" "/api/v1/snippets?$c"
row "collection filter, summaries" "/api/v1/snippets?$c&fields=summary"
row "the collection's own list" "/api/v1/collections/$collection/snippets"
yardstick=""
tag=$(row "tag filter and a common term (24 %)" "/api/v1/snippets?tag=cache-web&query=payload")
echo "$tag"
yardstick=$(rps_of "$tag")
row "collection filter and a common term (24 %)" "/api/v1/snippets?$c&query=payload"
echo
echo "JAVA_OPTS: ${JAVA_OPTS:-none}"
