#!/usr/bin/env bash
# Issue 33's mixed load: many users at once, each a closed loop of 40 % reads by id, 20 % lists and
# searches, 20 % creates, 10 % changes (If-Match), 5 % deletes, 5 % uploads (bench/MixedLoad.java),
# on a fresh Payara Micro with synchronous=FULL. Prints a Markdown table of each operation's rate
# and latency, and how many writes shared each commit (from the service's own metrics).
# Usage: bench/mixed.sh [clients] [seconds] [warm-up seconds]
# JAVA_OPTS is passed to the server's JVM; more Payara Micro arguments in PAYARA_ARGS.
set -euo pipefail
cd "$(dirname "$0")/.."
. bench/common.sh

clients="${1:-64}"
seconds="${2:-60}"
warm="${3:-10}"
port=18184
base="http://127.0.0.1:$port"
data="$(mktemp -d)"

prepare
# shellcheck disable=SC2086
start_service "$port" "$data" ${PAYARA_ARGS:-}
token=$(admin_token "$base" bench-admin-password "$data/cookies")
groups() {   # count and sum of the write groups so far
    curl -sf -H "Authorization: Bearer $token" "$base/api/v1/metrics" \
        | awk '/^snippets_write_group_size_count/ {c=$2} /^snippets_write_group_size_sum/ {s=$2} END {print c+0, s+0}'
}
gate() {   # how often a write took the writer's gate so far
    curl -sf -H "Authorization: Bearer $token" "$base/api/v1/metrics" | awk '/^snippets_write_gate_wait_seconds_count/ {print $2 + 0}'
}
before=$(groups)
gate_before=$(gate)
java bench/MixedLoad.java "$base" "$token" "$clients" "$seconds" "$warm"
after=$(groups)
gate_after=$(gate)
echo
echo "$before $after" | awk '{c=$3-$1; s=$4-$2; if (c > 0) printf "writes per grouped commit: %.1f (%d groups)\n", s / c, c; else print "writes per grouped commit: none"}'
echo "transactions through the writer's gate: $((gate_after - gate_before)) during set-up, warm-up and measurement"
echo "clients: $clients; seconds: $seconds after $warm warm-up; JAVA_OPTS: ${JAVA_OPTS:-none}; PAYARA_ARGS: ${PAYARA_ARGS:-none}"
