#!/usr/bin/env bash
# Durable writes: creates at 16 connections, then 64 mixed clients (48 reading snippets by id while
# 16 create and change snippets), on a fresh database with the default synchronous=FULL. Reports the
# writes' rate and latency, the readers' rate, and how many writes shared each commit (group commit,
# from the service's own metrics). Prints Markdown tables for docs/BENCHMARKS.md.
# Usage: bench/writes.sh [seconds-per-measurement] [snippets-to-start-with]
# JAVA_OPTS is passed to the server's JVM.
set -euo pipefail
cd "$(dirname "$0")/.."
. bench/common.sh

seconds="${1:-10}"
count="${2:-2000}"
port=18183
base="http://127.0.0.1:$port"
data="$(mktemp -d)"

prepare
start_service "$port" "$data"
token=$(admin_token "$base" bench-admin-password "$data/cookies")
auth="Authorization: Bearer $token"
java bench/SnippetLoader.java "$base" "$token" "$count" >&2
curl -sf -H "$auth" "$base/api/v1/snippets?limit=100" | grep -o '{"id":"[^"]*","title"' | cut -d'"' -f4 >"$data/ids"   # snippets' ids, not their owners'
id=$(head -1 "$data/ids")

cat >"$data/create.lua" <<'LUA'
wrk.method = "POST"
wrk.headers["Content-Type"] = "application/json"
wrk.body = '{"title":"bench create","language":"java","code":"return computeOrderTotal(order);","tags":["api","db"]}'
LUA
# every other request creates a snippet, the others change the title of one of 100 existing ones
cat >"$data/mixed-writes.lua" <<LUA
local ids = {}
for line in io.lines("$data/ids") do ids[#ids + 1] = line end
local n = 0
request = function()
    n = n + 1
    local headers = {["Content-Type"] = "application/json"}
    for name, value in pairs(wrk.headers) do headers[name] = headers[name] or value end   -- the token
    if n % 2 == 0 then
        return wrk.format("POST", "/api/v1/snippets", headers,
            '{"title":"bench create","language":"java","code":"return computeOrderTotal(order);","tags":["api","db"]}')
    end
    return wrk.format("PATCH", "/api/v1/snippets/" .. ids[(n % #ids) + 1], headers, '{"title":"changed ' .. n .. '"}')
end
LUA

groups() {   # count and sum of the write groups so far
    curl -sf -H "$auth" "$base/api/v1/metrics" | awk '/^snippets_write_group_size_count/ {c=$2} /^snippets_write_group_size_sum/ {s=$2} END {print c+0, s+0}'
}
stats() {   # wrk output: req/s p50 p99 non-2xx
    echo "$1" | awk '/Requests\/sec/ {r=$2} $1=="50%" {p50=$2} $1=="99%" {p99=$2} /Non-2xx/ {e=$5} END {printf "%s | %s | %s | %d", r, p50, p99, e}'
}
mean_group() {   # before (count sum), after (count sum)
    echo "$1 $2" | awk '{c=$3-$1; s=$4-$2; if (c > 0) printf "%.1f", s / c; else printf "none"}'
}

wrk -t2 -c16 -d"${seconds}s" -s "$data/create.lua" -H "$auth" "$base/api/v1/snippets" >/dev/null   # warm
before=$(groups)
creates=$(wrk -t2 -c16 -d"${seconds}s" --latency -s "$data/create.lua" -H "$auth" "$base/api/v1/snippets")
after=$(groups)
echo "| measurement | req/s | p50 | p99 | non-2xx | writes per grouped commit |"
echo "|---|---:|---:|---:|---:|---:|"
echo "| create, 16 connections | $(stats "$creates") | $(mean_group "$before" "$after") |"

before=$(groups)
wrk -t1 -c48 -d"${seconds}s" --latency -H "$auth" "$base/api/v1/snippets/$id" >"$data/readers.out" &
readers=$!
writes=$(wrk -t1 -c16 -d"${seconds}s" --latency -s "$data/mixed-writes.lua" -H "$auth" "$base")
wait "$readers"
after=$(groups)
echo "| 64 mixed clients: the 16 writing (half creates, half changes) | $(stats "$writes") | $(mean_group "$before" "$after") |"
echo "| 64 mixed clients: the 48 reading by id | $(stats "$(cat "$data/readers.out")") | |"
echo
echo "snippets at the start: $count; JAVA_OPTS: ${JAVA_OPTS:-none}; synchronous: ${SNIPPETS_SQLITE_SYNCHRONOUS:-FULL (default)}"
