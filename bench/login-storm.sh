#!/usr/bin/env bash
# A login storm: 64 connections from 127.0.0.1 sign in with random usernames (every attempt a
# password check, were it not bounded) while, from 127.0.0.2, another client signs in with real
# credentials, and a reader fetches one snippet by id. Reports the storm's answers, the other
# address's sign-in times, and the reader's latency quiet and during the storm. Prints Markdown
# for docs/BENCHMARKS.md.
# Usage: bench/login-storm.sh [storm-seconds]
# JAVA_OPTS is passed to the server's JVM.
set -euo pipefail
cd "$(dirname "$0")/.."
. bench/common.sh

seconds="${1:-20}"
port=18186
base="http://127.0.0.1:$port"
data="$(mktemp -d)"

prepare
start_service "$port" "$data"
token=$(admin_token "$base" bench-admin-password "$data/cookies")
id=$(curl -sf -H "Authorization: Bearer $token" -H 'Content-Type: application/json' \
    -d '{"title":"storm","language":"text","code":"read me","tags":[]}' "$base/api/v1/snippets" \
    | sed -n 's/^{"ok":true,"data":{"id":"\([^"]*\)".*/\1/p')

cat >"$data/storm.lua" <<'LUA'
math.randomseed(os.time())
wrk.method = "POST"
wrk.headers["Content-Type"] = "application/json"
request = function()
    return wrk.format(nil, nil, nil, '{"username":"storm-' .. math.random(1, 1000000000) .. '","password":"guess"}')
end
LUA

reader() {   # the reader's median, 99th percentile and rate, 4 connections (wrk cannot choose its source address; reads are not limited by address)
    wrk -t1 -c4 -d"$1"s --latency -H "Authorization: Bearer $token" "$base/api/v1/snippets/$id" 2>/dev/null \
        | awk '/^ +50%/ {p50=$2} /^ +99%/ {p99=$2} /Requests\/sec/ {rate=$2} END {print p50, p99, rate}'
}
sign_in() {   # seconds one real sign-in from 127.0.0.2 takes, and its status
    curl -s -o /dev/null --interface 127.0.0.2 -w '%{time_total} %{http_code}' -H 'Content-Type: application/json' \
        -d '{"username":"admin","password":"bench-admin-password"}' "$base/api/v1/auth/login"
}

read -r quiet_p50 quiet_p99 quiet_rate < <(reader 10)
quiet_sign_ins=$(for i in 1 2 3 4 5; do sign_in; echo; done)

wrk -t2 -c64 -d"$seconds"s -s "$data/storm.lua" "$base/api/v1/auth/login" >"$data/storm.out" 2>&1 &
storm=$!
sleep 3
read -r storm_p50 storm_p99 storm_rate < <(reader $((seconds - 8)))
storm_sign_ins=$(for i in 1 2 3 4 5; do sign_in; echo; sleep 0.3; done)
wait "$storm"

echo "### Login storm ($(date -u +%F), $(nproc) cores, \`bench/login-storm.sh $seconds\`)"
echo
echo "Storm (64 connections, random usernames, from 127.0.0.1): $(awk '/Requests\/sec/ {print $2}' "$data/storm.out") answers/s;"
echo "non-2xx: $(awk '/Non-2xx/ {print $5}' "$data/storm.out") of $(awk '/requests in/ {print $1}' "$data/storm.out")."
echo
echo "| | quiet | during the storm |"
echo "|---|---:|---:|"
echo "| GET by id p50 / p99 (4 connections) | $quiet_p50 / $quiet_p99 | $storm_p50 / $storm_p99 |"
echo "| GET by id req/s | $quiet_rate | $storm_rate |"
echo "| real sign-in from 127.0.0.2, seconds and status, five in a row | $(echo $quiet_sign_ins | tr '\n' ' ') | $(echo $storm_sign_ins | tr '\n' ' ') |"
