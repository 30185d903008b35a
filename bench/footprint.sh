#!/usr/bin/env bash
# Footprint: the resident memory of the service beside that of the ceiling alone (a Payara Micro
# serving only ../shared/bench/ceiling), each after 10 s of wrk at 16 connections on its cheapest
# read, both with the same JAVA_OPTS (the run command's -Xmx384m unless given). Prints a Markdown table.
# Usage: bench/footprint.sh [snippets]
set -euo pipefail
cd "$(dirname "$0")/.."
. bench/common.sh

count="${1:-10000}"
export JAVA_OPTS="${JAVA_OPTS:--Xmx384m}"
prepare
ceiling_war=$(built_ceiling_war)

rss_mib() {   # pid
    awk '/VmRSS/ {printf "%d", $2 / 1024}' "/proc/$1/status"
}

alone="$(mktemp -d)"
java $JAVA_OPTS -jar target/payara-micro.jar --nocluster --port 18184 \
    --deploy "$ceiling_war:/ceiling" >"$alone/server.log" 2>&1 &
ceiling=$!
until curl -sf -o /dev/null http://127.0.0.1:18184/ceiling/api/ping; do sleep 0.5; done
wrk -t2 -c16 -d10s http://127.0.0.1:18184/ceiling/api/ping >/dev/null
ceiling_rss=$(rss_mib "$ceiling")
stop_server "$ceiling" "$alone"

data="$(mktemp -d)"
start_service 18185 "$data" --deploy "$ceiling_war:/ceiling"
token=$(admin_token http://127.0.0.1:18185 bench-admin-password "$data/cookies")
java bench/SnippetLoader.java http://127.0.0.1:18185 "$token" "$count" >&2
id=$(curl -sf -H "Authorization: Bearer $token" "http://127.0.0.1:18185/api/v1/snippets?limit=1" | sed -n 's/.*"data":\[{"id":"\([^"]*\)".*/\1/p')
wrk -t2 -c16 -d10s -H "Authorization: Bearer $token" "http://127.0.0.1:18185/api/v1/snippets/$id" >/dev/null

echo "| process (JAVA_OPTS: $JAVA_OPTS) | RSS after 10 s of load |"
echo "|---|---:|"
echo "| Payara Micro with only the ceiling | $ceiling_rss MiB |"
echo "| Payara Micro with the service ($count snippets) and the ceiling | $(rss_mib "$server") MiB |"
