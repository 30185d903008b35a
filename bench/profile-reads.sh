#!/usr/bin/env bash
# Read profile: where a GET by id spends its CPU beside token authentication alone (whoami) and
# the ceiling (../shared/bench/ceiling in the same Payara Micro), per request. The server runs
# with a JFR recording from its start: starting one later with `jcmd JFR.start` on a warm server
# cut GET by id from about 3,900 to 700-800 req/s while it ran, and to 1,600-1,900 for the half
# minute after it (docs/BENCHMARKS.md), so such a profile describes another program. Each endpoint
# is warmed, then measured with wrk while the recording runs; bench/ReadProfile.java counts
# each one's execution samples per 1,000 of its requests, by category. Prints Markdown tables.
# Usage: bench/profile-reads.sh [snippets] [seconds-per-measurement]
set -euo pipefail
cd "$(dirname "$0")/.."
. bench/common.sh

count="${1:-2000}"
seconds="${2:-20}"
port=18186
base="http://127.0.0.1:$port"
data="$(mktemp -d)"

prepare
ceiling_war=$(built_ceiling_war)
JAVA_OPTS="${JAVA_OPTS:-} -XX:FlightRecorderOptions:stackdepth=256 -XX:StartFlightRecording:settings=profile,filename=$data/reads.jfr" \
    start_service "$port" "$data" --deploy "$ceiling_war:/ceiling"
token=$(admin_token "$base" bench-admin-password "$data/cookies")
auth="Authorization: Bearer $token"
java bench/SnippetLoader.java "$base" "$token" "$count" >&2
id=$(curl -sf -H "$auth" "$base/api/v1/snippets?limit=1" | sed -n 's/.*"data":\[{"id":"\([^"]*\)".*/\1/p')

names=("ceiling" "whoami" "GET by id")
paths=("/ceiling/api/ping" "/api/v1/auth/whoami" "/api/v1/snippets/$id")
for path in "${paths[@]}"; do
    wrk -t2 -c16 -d"${seconds}s" -H "$auth" "$base$path" >/dev/null
done
windows=()
echo "| endpoint (wrk -t2 -c16, JFR recording) | req/s | of the ceiling |"
echo "|---|---:|---:|"
for i in "${!paths[@]}"; do
    start=$(date +%s%3N)
    out=$(wrk -t2 -c16 -d"${seconds}s" -H "$auth" "$base${paths[$i]}")
    end=$(date +%s%3N)
    requests=$(echo "$out" | awk '/requests in/ {print $1}')
    rps=$(echo "$out" | awk '/Requests\/sec/ {print $2}')
    ceiling_rps="${ceiling_rps:-$rps}"
    printf '| %s `%s` | %s | %s |\n' "${names[$i]}" "${paths[$i]}" "$rps" "$(awk -v r="$rps" -v c="$ceiling_rps" 'BEGIN {printf "%.0f %%", 100 * r / c}')"
    # a second's margin at each end (the samples of wrk's start and end are not the load's), its
    # requests counted as wrk's total in proportion
    windows+=("${names[$i]}:$((start + 1000)):$((end - 1000)):$(( requests * (end - start - 2000) / (end - start) ))")
done
jcmd "$server" JFR.dump name=1 filename="$data/reads.jfr" >/dev/null
echo
java bench/ReadProfile.java "$data/reads.jfr" "${windows[@]}"
echo
echo "snippets: $count; JAVA_OPTS: ${JAVA_OPTS:-none}; JFR settings=profile, stack depth 256"
