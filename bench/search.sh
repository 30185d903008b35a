#!/usr/bin/env bash
# Search on the Lucene index: loads COUNT snippets through the API into a fresh database
# (bench/SnippetLoader.java: "payload" in 24 % of them, "zebrafish" in 1 % of the titles,
# "quokka" in 1 % of the code, "return" in all), then measures with wrk at CONNECTIONS
# connections, in one run: the ceiling (../shared/bench/ceiling in the same Payara Micro), a tag
# filter (a page of the same size without a search, the yardstick of the search issue), and the
# searches of the issue's targets; each search also as a share of the tag filter's req/s. Then
# the index: its size on disk beside the snippets' text, and a rebuild from the database (the
# service stopped, search/ deleted, started again: the time the log gives, and start to ready).
# Prints Markdown for docs/BENCHMARKS.md.
# Usage: bench/search.sh [count] [seconds-per-measurement] [connections]
# JAVA_OPTS is passed to the server's JVM (say JAVA_OPTS=-Xmx384m).
set -euo pipefail
cd "$(dirname "$0")/.."
. bench/common.sh

count="${1:-100000}"
seconds="${2:-10}"
connections="${3:-4}"
port=18183
base="http://127.0.0.1:$port"
data="$(mktemp -d)"

prepare
command -v sqlite3 >/dev/null || { apt-get update -qq && apt-get install -y -qq sqlite3 >/dev/null; }
ceiling_war=$(built_ceiling_war)
start_service "$port" "$data" --deploy "$ceiling_war:/ceiling"
token=$(admin_token "$base" bench-admin-password "$data/cookies")
auth="Authorization: Bearer $token"

java bench/SnippetLoader.java "$base" "$token" "$count" >&2

tag_rps=""
row() {   # name, path
    local name="$1" path="$2" out rps share
    out=$(wrk -t2 -c"$connections" -d"${seconds}s" --latency -H "$auth" "$base$path")
    rps=$(echo "$out" | awk '/Requests\/sec/ {print $2}')
    share=$(awk -v r="$rps" -v t="${tag_rps:-$rps}" 'BEGIN {printf "%.2f", r / t}')
    printf '| %s | `%s` | %s | %s | %s | %s | %s |\n' "$name" "$path" "$rps" "$share" \
        "$(echo "$out" | awk '$1 == "50%" {print $2}')" "$(echo "$out" | awk '$1 == "99%" {print $2}')" \
        "$(echo "$out" | awk '/Non-2xx/ {print $5}' | grep . || echo 0)"
}

# warm the server's code paths and the index's files before measuring anything
for path in "/ceiling/api/ping" "/api/v1/snippets?tag=cache-web" "/api/v1/snippets?query=payload" "/api/v1/snippets?query=id"; do
    wrk -t2 -c"$connections" -d"${seconds}s" -H "$auth" "$base$path" >/dev/null
done
echo "| measurement ($count snippets, $connections connections) | request | req/s | of the tag filter | p50 | p99 | non-2xx |"
echo "|---|---|---|---|---|---|---|"
ceiling=$(wrk -t2 -c"$connections" -d"${seconds}s" --latency "$base/ceiling/api/ping")
printf '| ceiling: trivial JAX-RS endpoint in the same server | `/ceiling/api/ping` | %s | | %s | %s | 0 |\n' \
    "$(echo "$ceiling" | awk '/Requests\/sec/ {print $2}')" "$(echo "$ceiling" | awk '$1 == "50%" {print $2}')" \
    "$(echo "$ceiling" | awk '$1 == "99%" {print $2}')"
tag=$(row "tag filter (the yardstick)" "/api/v1/snippets?tag=cache-web")
echo "$tag"
tag_rps=$(echo "$tag" | awk -F'|' '{gsub(/ /, "", $4); print $4}')
row "rare term in titles (1 %)" "/api/v1/snippets?query=zebrafish"
row "rare term in code (1 %)" "/api/v1/snippets?query=quokka"
row "rarest term (1 in 10,000)" "/api/v1/snippets?query=quokkaZanzibar"
row "common term (24 %), relevance" "/api/v1/snippets?query=payload"
row "common term (24 %), newest first" "/api/v1/snippets?query=payload&sort=updated"
row "two common terms ANDed (24 % and 100 %)" "/api/v1/snippets?query=payload%20return"
row "two-character term" "/api/v1/snippets?query=id"
row "facets of the common term" "/api/v1/snippets/facets?query=payload"

text_bytes=$(sqlite3 "$data/snippets.db" "SELECT sum(length(CAST(title AS BLOB)) + length(CAST(code AS BLOB))
    + coalesce(length(CAST(description AS BLOB)), 0) + coalesce(length(CAST(notes AS BLOB)), 0) + length(CAST(language AS BLOB))) FROM snippets")
kill "$server"   # a clean stop commits the index
while kill -0 "$server" 2>/dev/null; do sleep 0.2; done
index_bytes=$(du -sb "$data/search" | cut -f1)
rm -rf "$data/search"
mv "$data/server.log" "$data/server-first.log"
started=$(date +%s.%N)
start_service "$port" "$data"
ready=$(date +%s.%N)
rebuilt=$(grep -o 'Built the search index of [0-9]* snippets in [0-9]* ms' "$data/server.log" || echo "no rebuild logged")
echo
echo "snippets: $count; text (UTF-8: title, description, notes, code, language): $((text_bytes / 1048576)) MiB;" \
     "index on disk: $((index_bytes / 1048576)) MiB ($(awk -v i="$index_bytes" -v t="$text_bytes" 'BEGIN {printf "%.2f", i / t}') of the text)"
echo "rebuild after deleting search/: \"$rebuilt\"; start to ready: $(awk -v a="$started" -v b="$ready" 'BEGIN {printf "%.1f", b - a}') s;" \
     "rebuilt index: $(($(du -sb "$data/search" | cut -f1) / 1048576)) MiB; JAVA_OPTS: ${JAVA_OPTS:-none}"
