#!/usr/bin/env bash
# What keeping revisions costs: on a fresh database with 10,000 benchmark snippets, every snippet
# edited 10 times (its code, 16 connections: 100,000 PATCHes, timed as the update measurement),
# the database's size after that (page count, and per table from SQLite's dbstat), then creates at
# 16 connections. Run it once with this build and once with a build from before revisions
# (WAR=... bench/revisions.sh) and compare. Prints Markdown rows for docs/BENCHMARKS.md.
# Usage: [WAR=path/to/snippet-store.war] bench/revisions.sh [create-seconds] [snippets] [edits-each]
set -euo pipefail
cd "$(dirname "$0")/.."
. bench/common.sh

seconds="${1:-20}"
count="${2:-10000}"
edits="${3:-10}"
port=18185
base="http://127.0.0.1:$port"
data="$(mktemp -d)"

prepare
start_service "$port" "$data"
token=$(admin_token "$base" bench-admin-password "$data/cookies")
auth="Authorization: Bearer $token"
java bench/SnippetLoader.java "$base" "$token" "$count" >&2
# every snippet's id, page by page
cursor=""
: >"$data/ids"
while :; do
    page=$(curl -sf -H "$auth" "$base/api/v1/snippets?limit=200&fields=summary${cursor:+&cursor=$cursor}")
    echo "$page" | grep -o '{"id":"[^"]*","title"' | cut -d'"' -f4 >>"$data/ids"
    cursor=$(echo "$page" | sed -n 's/.*"nextCursor":"\([^"]*\)".*/\1/p')
    [ -n "$cursor" ] || break
done
echo "$(wc -l <"$data/ids") snippets loaded" >&2

# each request changes one line of a snippet's code (about 1 KB, like the corpus'); every snippet in turn, $edits times
cat >"$data/edit.lua" <<LUA
local ids = {}
for line in io.lines("$data/ids") do ids[#ids + 1] = line end
local body = string.rep("function computeOrderTotal(order) {\n  return order.total;\n}\n\n", 18)
local threads = {}
local n, limit
setup = function(thread) thread:set("first", #threads); table.insert(threads, thread) end
init = function(args) n = first; limit = #ids * $edits end
request = function()
    local id = ids[(n % #ids) + 1]
    local edit = n
    n = n + 2   -- two threads, each its own half
    return wrk.format("PATCH", "/api/v1/snippets/" .. id, {["Content-Type"] = "application/json", ["Authorization"] = wrk.headers["Authorization"]},
        '{"code":"' .. string.gsub(body, "\n", "\\\\n") .. '// edit ' .. edit .. '\\\\n"}')
end
response = function() if n >= limit then wrk.thread:stop() end end
LUA
stats() {   # wrk output: req/s p50 p99 non-2xx
    echo "$1" | awk '/Requests\/sec/ {r=$2} $1=="50%" {p50=$2} $1=="99%" {p99=$2} /Non-2xx/ {e=$5} END {printf "%s | %s | %s | %d", r, p50, p99, e}'
}
# wrk's threads stop once their share is sent, but wrk itself waits out -d: the edits are counted
# in the database (every version of every snippet) and wrk is told to print its figures then
db="$data/snippets.db"
target=$(( count + count * edits - 16 ))   # less what the 16 connections may have in flight when their thread stops
versions() { sqlite3 "file:$db?mode=ro" "SELECT coalesce(sum(version), 0) FROM snippets"; }
started=$(date +%s.%N)
wrk -t2 -c16 -d1h --latency -s "$data/edit.lua" -H "$auth" "$base/api/v1/snippets" >"$data/updates.txt" &
editor=$!
while [ "$(versions)" -lt "$target" ] && kill -0 $editor 2>/dev/null; do sleep 0.5; done
took=$(echo "$(date +%s.%N) - $started" | bc)
kill -INT $editor
wait $editor || true
updates=$(cat "$data/updates.txt")
rate=$(echo "scale=1; ($(versions) - $count) / $took" | bc)
size=$(sqlite3 "file:$db?mode=ro" "SELECT page_count * page_size FROM pragma_page_count(), pragma_page_size()")
tables=$(sqlite3 "file:$db?mode=ro" "SELECT name, sum(pgsize) FROM dbstat WHERE name IN ('snippets', 'snippet_revisions', 'snippet_tags', 'search_changes') GROUP BY name ORDER BY name" | tr '\n' ' ')

cat >"$data/create.lua" <<'LUA'
wrk.method = "POST"
wrk.headers["Content-Type"] = "application/json"
wrk.body = '{"title":"bench create","language":"java","code":"return computeOrderTotal(order);","tags":["api","db"]}'
LUA
wrk -t2 -c16 -d5s -s "$data/create.lua" -H "$auth" "$base/api/v1/snippets" >/dev/null   # warm
creates=$(wrk -t2 -c16 -d"${seconds}s" --latency -s "$data/create.lua" -H "$auth" "$base/api/v1/snippets")

echo "| build | $count × $edits edits: updates/s | p50 | p99 | non-2xx | creates/s | p50 | p99 | non-2xx | database (bytes) |"
echo "|---|---:|---:|---:|---:|---:|---:|---:|---:|---:|"
echo "| ${WAR:-target/snippet-store.war} | $rate | $(stats "$updates" | cut -d'|' -f2-) | $(stats "$creates") | $size |"
echo
echo "tables (bytes): $tables"
