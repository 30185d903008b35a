#!/usr/bin/env bash
# What search by meaning costs (issue 61, "Costs a team can live with"), on the run command's heap:
#  1. creates at 16 connections with search by meaning off, then on (each on a fresh service);
#  2. COUNT snippets loaded through the API (bench/SnippetLoader.java) with it on: how long until
#     every meaning is made, and the live heap then beside the same store with it off;
#  3. one connection, page size 20: a search by words against the same query by meaning and hybrid.
# Prints Markdown for docs/BENCHMARKS.md. Usage: bench/meaning-cost.sh [count] [seconds]
set -euo pipefail
cd "$(dirname "$0")/.."
. bench/common.sh

count="${1:-10000}"
seconds="${2:-10}"
port=18194
base="http://127.0.0.1:$port"
prepare

cat >/tmp/meaning-cost-create.lua <<'LUA'
wrk.method = "POST"
wrk.headers["Content-Type"] = "application/json"
wrk.body = '{"title":"Compute the order total","language":"java","code":"return computeOrderTotal(order);","tags":["api","db"]}'
LUA

heap_mib() {   # the live heap of the server's JVM after a full collection, in MiB
    jcmd "$(server_jvm)" GC.run >/dev/null
    jcmd "$(server_jvm)" GC.heap_info | awk '/used/ {for (i = 1; i <= NF; i++) if ($i == "used") {print int($(i+1) / 1024); exit}}'
}

pending() {   # snippets waiting for their meaning, as /api/ready says
    curl -sf "$base/api/ready" | sed -n 's/.*"meaning":"on, \([0-9]*\) snippets.*/\1/p'
}

run() {   # meaning setting: loads, measures, prints rows
    local meaning="$1" data
    data="$(mktemp -d)"
    SNIPPETS_SEARCH_MEANING="$meaning" start_server payara "$port" "$data"
    local token auth
    token=$(admin_token "$base" bench-admin-password "$data/cookies")
    auth="Authorization: Bearer $token"
    wrk -t2 -c16 -d"${seconds}s" -H "$auth" -s /tmp/meaning-cost-create.lua "$base/api/v1/snippets" >/dev/null   # warm-up
    local creates
    creates=$(wrk -t2 -c16 -d"${seconds}s" -H "$auth" -s /tmp/meaning-cost-create.lua "$base/api/v1/snippets" \
        | awk '/Requests\/sec/ {print $2}')
    echo "| creates, 16 connections, meaning $meaning | $creates req/s |"
    java bench/SnippetLoader.java "$base" "$token" "$count" >&2
    curl -sf -H "$auth" "$base/api/v1/snippets?query=a&limit=1" >/dev/null   # the index applies every change first
    local started waited
    started=$(date +%s.%N)
    if [ "$meaning" = true ]; then
        while [ -n "$(pending)" ]; do sleep 0.5; done
    fi
    waited=$(awk -v s="$started" -v e="$(date +%s.%N)" 'BEGIN {printf "%.0f", e - s}')
    [ "$meaning" = true ] && echo "| meanings of $count snippets loaded (and the creates before) made | $waited s after the load |"
    echo "| live heap after a full collection, $count+ snippets, meaning $meaning | $(heap_mib) MiB |"
    if [ "$meaning" = true ]; then
        for match in words meaning hybrid; do
            local path="/api/v1/snippets?limit=20&fields=summary&match=$match&query=compute%20order%20total" out
            wrk -t1 -c1 -d"${seconds}s" -H "$auth" "$base$path" >/dev/null   # warm-up
            out=$(wrk -t1 -c1 -d"${seconds}s" --latency -H "$auth" "$base$path")
            echo "| search \`match=$match\`, one connection, limit 20 | $(echo "$out" | awk '/Requests\/sec/ {print $2}') req/s, p50 $(echo "$out" | awk '$1 == "50%" {print $2}') |"
        done
    fi
    stop_server "$server" "$data"
    trap - EXIT
}

echo "| measurement | result |"
echo "|---|---|"
run false
run true
echo
echo "WAR: $(du -m target/snippet-store.war | cut -f1) MB; heap: ${JAVA_OPTS}."
