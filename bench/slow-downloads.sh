#!/usr/bin/env bash
# Slow clients beside fast ones: 16 connections read a snippet by id (wrk), first on a quiet
# server, then while 100 clients each download a 100 MiB attachment at 1 MB/s (curl --limit-rate).
# Do the downloads hold what the reads need, and how fast do they go? Prints a Markdown table for
# docs/BENCHMARKS.md and the downloads' average rate.
# Usage: bench/slow-downloads.sh [downloads] [seconds-per-measurement] [MiB per attachment]
# JAVA_OPTS is passed to Payara Micro's JVM (unset: the run command's heap); SERVER=wildfly or
# SERVER=liberty runs the WAR on that server instead, started as the README's run command does.
# JFR=<file> records the server's JVM (settings=profile) while the downloads run, for a profile of
# what the reads wait on. STALLED=<n> first starts n more downloads that read at 1 KB/s, nearly
# stopped clients, and reports the 1 MB/s ones' rate apart: do the stalled keep them waiting?
set -euo pipefail
cd "$(dirname "$0")/.."
. bench/common.sh

downloads="${1:-100}"
seconds="${2:-20}"
mib="${3:-100}"
port=18185
base="http://127.0.0.1:$port"
data="$(mktemp -d)"

prepare
start_server "${SERVER:-payara}" "$port" "$data"
token=$(admin_token "$base" bench-admin-password "$data/cookies")
auth="Authorization: Bearer $token"
java bench/SnippetLoader.java "$base" "$token" 100 >&2
id=$(curl -sf -H "$auth" "$base/api/v1/snippets?limit=1" | sed -n 's/.*"data":\[{"id":"\([^"]*\)".*/\1/p')
head -c "$((mib * 1024 * 1024))" /dev/urandom >"$data/big.bin"
attachment=$(curl -sf -H "$auth" -F "file=@$data/big.bin" "$base/api/v1/snippets/$id/attachments" \
    | sed -n 's/.*"data":{"id":"\([^"]*\)".*/\1/p')
rm "$data/big.bin"

read_by_id() {   # label
    out=$(wrk -t2 -c16 -d"${seconds}s" --latency -H "$auth" "$base/api/v1/snippets/$id")
    printf '| %s | %s | %s | %s | %s |\n' "$1" "$(echo "$out" | awk '/Requests\/sec/ {print $2}')" \
        "$(echo "$out" | awk '$1 == "50%" {print $2}')" "$(echo "$out" | awk '$1 == "99%" {print $2}')" \
        "$(echo "$out" | awk '/Non-2xx/ {print $5}' | grep . || echo 0)"
}

wrk -t2 -c16 -d"${seconds}s" -H "$auth" "$base/api/v1/snippets/$id" >/dev/null   # warm
echo "| 16 connections reading by id | req/s | p50 | p99 | non-2xx |"
echo "|---|---:|---:|---:|---:|"
read_by_id "quiet"
pids=()
lasting=$((seconds + 15))   # outlives the wait and the reads below; 100 MiB at 1 MB/s takes 100 s
stalled_pids=()
for _ in $(seq "${STALLED:-0}"); do   # started 5 s earlier, so they last 10 s longer
    curl -s --limit-rate 1K --max-time "$((lasting + 10))" -o /dev/null -H "$auth" "$base/api/v1/attachments/$attachment/download" &
    stalled_pids+=($!)
done
[ "${STALLED:-0}" = 0 ] || sleep 5   # until their socket buffers are full and their writes wait
for _ in $(seq "$downloads"); do
    curl -s --limit-rate 1M --max-time "$lasting" -o /dev/null -w '%{size_download} %{time_starttransfer}\n' -H "$auth" \
        "$base/api/v1/attachments/$attachment/download" >>"$data/received" &
    pids+=($!)
done
sleep 5
[ -z "${JFR:-}" ] || jcmd "$(server_jvm)" JFR.start name=slow settings=profile filename="$(realpath -m "$JFR")" >/dev/null
read_by_id "beside $downloads downloads at 1 MB/s${STALLED:+ and $STALLED at 1 KB/s}"
running=0
for pid in "${pids[@]}"; do kill -0 "$pid" 2>/dev/null && running=$((running + 1)); done
stalled_running=0
for pid in "${stalled_pids[@]}"; do kill -0 "$pid" 2>/dev/null && stalled_running=$((stalled_running + 1)); done
[ -z "${JFR:-}" ] || jcmd "$(server_jvm)" JFR.stop name=slow >/dev/null
wait "${pids[@]}" "${stalled_pids[@]}" || true
received=$(awk '{ sum += $1 } END { printf "%.2f", sum / 1048576 / '"$lasting"' / '"$downloads"' }' "$data/received")
first_byte=$(sort -k2 -n "$data/received" | awk '{ at[NR] = $2 } END { printf "median %.2f s, slowest %.2f s", at[int((NR + 1) / 2)], at[NR] }')
echo
echo "server: ${SERVER:-payara}; downloads still running at the end: $running of $downloads at 1 MB/s, $stalled_running of ${STALLED:-0} at 1 KB/s; attachment: $mib MiB; JAVA_OPTS: ${JAVA_OPTS:-none}"
echo "each 1 MB/s download received on average $received MiB/s over its $lasting s; its first byte came after: $first_byte"
echo "(curl's 1 MiB/s is an average since the start: a download kept waiting catches up afterwards, so its first byte tells more)"
