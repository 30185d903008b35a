#!/usr/bin/env bash
# A suspended JAX-RS answer resumed at once by another thread (bench/async-status, a WAR of its own),
# as the service answers a create after its commit: counts the answers that are not 201 with a
# Location, alternating between the bare endpoint and one whose default status is set first on the
# request thread (what platform.DefaultStatusOnRequestThread does). Payara Micro, wrk -c64.
# Usage: bench/async-statuses.sh [rounds] [seconds per variant and round]
set -euo pipefail
cd "$(dirname "$0")/.."
. bench/common.sh

rounds="${1:-2}"
seconds="${2:-120}"
port=18191
base="http://127.0.0.1:$port/async-status/api"
work="$(mktemp -d)"

prepare
(cd bench/async-status && mvn -B -q package >&2)
java ${JAVA_OPTS:--Xmx512m} -jar target/payara-micro.jar --nocluster --port "$port" \
    --deploy bench/async-status/target/async-status.war:/async-status > "$work/server.log" 2>&1 &
server=$!
trap 'stop_server "$server" "$work"' EXIT
until curl -sf -o /dev/null -X POST "$base/bare/created"; do sleep 0.5; done
wrk -t2 -c64 -d10s -s bench/async-status.lua "$base/bare/created" > /dev/null   # warm-up
for round in $(seq 1 "$rounds"); do
    for variant in bare settled; do
        echo "round $round, $variant: $(wrk -t2 -c64 -d"${seconds}s" -s bench/async-status.lua "$base/$variant/created" | tail -1)"
    done
done
