#!/usr/bin/env bash
# Lexical search under load: loads COUNT snippets through the API (bench/SnippetLoader.java), then
# measures each search of the search issue's targets with wrk at 1, 4, 16 and 64 connections in
# one run, beside the ceiling (../shared/bench/ceiling in the same Payara Micro) at 4. Search by
# meaning is off (SNIPPETS_SEARCH_MEANING=false): its background embedding of the whole store
# would share the cores with the measurement; bench/meaning-cost.sh measures it.
# Prints Markdown for docs/BENCHMARKS.md.
# Usage: bench/search-load.sh [count] [seconds-per-measurement] [connection counts...]
# JAVA_OPTS is passed to the server's JVM (default: the run command's heap).
set -euo pipefail
cd "$(dirname "$0")/.."
. bench/common.sh

count="${1:-100000}"
seconds="${2:-10}"
shift 2 || true
levels=("$@")
[ ${#levels[@]} -gt 0 ] || levels=(1 4 16 64)
port=18189
base="http://127.0.0.1:$port"
data="$(mktemp -d)"

prepare
ceiling_war=$(built_ceiling_war)
JAVA_OPTS="${JAVA_OPTS:--Xmx$(sed -n 's:.*<snippets.heap>\(.*\)</snippets.heap>.*:\1:p' pom.xml)}"
SNIPPETS_SEARCH_MEANING=false start_service "$port" "$data" --deploy "$ceiling_war:/ceiling"
token=$(admin_token "$base" bench-admin-password "$data/cookies")
auth="Authorization: Bearer $token"
java bench/SnippetLoader.java "$base" "$token" "$count" >&2

names=("rare term in titles (1 %)" "common term (24 %), relevance" "two common terms ANDed (24 % and 100 %)" "tag filter (no search)")
paths=("/api/v1/snippets?query=zebrafish" "/api/v1/snippets?query=payload" "/api/v1/snippets?query=payload%20return" "/api/v1/snippets?tag=cache-web")
for path in "${paths[@]}" "/ceiling/api/ping"; do   # warm the code paths and the index's files
    wrk -t2 -c4 -d"${seconds}s" -H "$auth" "$base$path" >/dev/null
done
ceiling=$(wrk -t2 -c4 -d"${seconds}s" --latency "$base/ceiling/api/ping")
echo "ceiling at 4 connections: $(echo "$ceiling" | awk '/Requests\/sec/ {print $2}') req/s, p50 $(echo "$ceiling" | awk '$1 == "50%" {print $2}')"
echo
echo "| search ($count snippets) | connections | req/s | p50 | p99 | non-2xx |"
echo "|---|---:|---:|---:|---:|---:|"
for i in "${!paths[@]}"; do
    for c in "${levels[@]}"; do
        out=$(wrk -t"$((c < 2 ? 1 : 2))" -c"$c" -d"${seconds}s" --latency -H "$auth" "$base${paths[$i]}")
        printf '| %s | %s | %s | %s | %s | %s |\n' "${names[$i]}" "$c" \
            "$(echo "$out" | awk '/Requests\/sec/ {print $2}')" "$(echo "$out" | awk '$1 == "50%" {print $2}')" \
            "$(echo "$out" | awk '$1 == "99%" {print $2}')" "$(echo "$out" | awk '/Non-2xx/ {print $5}' | grep . || echo 0)"
    done
done
echo
echo "JAVA_OPTS: $JAVA_OPTS; heap after: $(jcmd "$server" GC.heap_info 2>/dev/null | awk '/garbage-first heap/ {print "used", $6, "of", $4}')"
