#!/usr/bin/env bash
# Whether search by meaning slows creates (issue 61: "not slower by more than 10 % at 16
# connections"): this machine's runs of the same WAR vary by more than that, so the two settings
# take turns, ROUNDS times each (off, on, off, on, ...), each on a fresh service at the run
# command's heap: SECONDS of creates at 16 connections as a warm-up, then SECONDS measured. Prints
# each run and the medians. Usage: bench/meaning-creates.sh [rounds] [seconds]
set -euo pipefail
cd "$(dirname "$0")/.."
. bench/common.sh

rounds="${1:-5}"
seconds="${2:-10}"
port=18196
base="http://127.0.0.1:$port"
prepare

cat >/tmp/meaning-creates.lua <<'LUA'
wrk.method = "POST"
wrk.headers["Content-Type"] = "application/json"
wrk.body = '{"title":"Compute the order total","language":"java","code":"return computeOrderTotal(order);","tags":["api","db"]}'
LUA

creates() {   # meaning setting: prints the measured creates a second
    local data token rate
    data="$(mktemp -d)"
    SNIPPETS_SEARCH_MEANING="$1" start_server payara "$port" "$data"
    token=$(admin_token "$base" bench-admin-password "$data/cookies")
    wrk -t2 -c16 -d"${seconds}s" -H "Authorization: Bearer $token" -s /tmp/meaning-creates.lua "$base/api/v1/snippets" >/dev/null
    rate=$(wrk -t2 -c16 -d"${seconds}s" -H "Authorization: Bearer $token" -s /tmp/meaning-creates.lua \
        "$base/api/v1/snippets" | awk '/Requests\/sec/ {print $2}')
    stop_server "$server" "$data"
    trap - EXIT
    echo "$rate"
}

median() { sort -n | awk '{v[NR] = $1} END {print (NR % 2) ? v[(NR + 1) / 2] : (v[NR / 2] + v[NR / 2 + 1]) / 2}'; }

off=()
on=()
echo "| round | creates/s, meaning off | creates/s, meaning on |"
echo "|---:|---:|---:|"
for round in $(seq 1 "$rounds"); do
    off+=("$(creates false)")
    on+=("$(creates true)")
    echo "| $round | ${off[-1]} | ${on[-1]} |"
done
off_median=$(printf '%s\n' "${off[@]}" | median)
on_median=$(printf '%s\n' "${on[@]}" | median)
echo "| median | $off_median | $on_median |"
echo
echo "on / off: $(awk -v a="$on_median" -v b="$off_median" 'BEGIN {printf "%.2f", a / b}') (16 connections, ${seconds} s after ${seconds} s of warm-up, a fresh service each)"
