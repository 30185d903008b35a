#!/usr/bin/env bash
# Measures a README run command: seconds from `mvn -P<profile> package` to the first 200 of
# /api/ready, and the resident memory of the server process (the one listening on the port) once
# it is ready.
# Usage: bench/startup.sh [payara|wildfly|liberty] [port]   (fresh data directory; stops what it started)
set -euo pipefail
cd "$(dirname "$0")/.."

server="${1:-payara}"
port="${2:-18090}"
case "$server" in
    payara) profile=run ;;
    wildfly) profile=run-wildfly ;;
    liberty) profile=run-liberty ;;
    *) echo "unknown server: $server (payara, wildfly or liberty)" >&2; exit 1 ;;
esac
data="$(mktemp -d)"
log="$(mktemp)"
# warm: build once and unpack the server, so the measurement is the start itself
mvn -B -q -o package -DskipTests >/dev/null

start=$(date +%s.%N)
SNIPPETS_HTTP_PORT="$port" SNIPPETS_DATA_DIR="$data" SNIPPETS_ADMIN_PASSWORD=bench-admin-password \
    setsid mvn -B -q -o -P"$profile" package >"$log" 2>&1 &
runner=$!
trap 'kill -- -"$runner" 2>/dev/null || true; while kill -0 "$runner" 2>/dev/null; do sleep 0.2; done; rm -rf "$data" "$log"' EXIT

until curl -sf -o /dev/null "http://127.0.0.1:$port/api/ready"; do
    if ! kill -0 "$runner" 2>/dev/null; then
        echo "the server exited before it was ready:" >&2
        tail -50 "$log" >&2
        exit 1
    fi
    sleep 0.2
done
ready=$(date +%s.%N)

server_pid=$(ss -Hltnp "sport = :$port" | sed -n 's/.*pid=\([0-9]*\).*/\1/p' | head -1)
sleep 5   # let start-up work settle before reading memory
rss_kib=$(ps -o rss= -p "$server_pid" | tr -d ' ')

echo "server: $server (mvn -P$profile package)"
printf 'run command to ready: %.1f s\n' "$(awk -v start="$start" -v ready="$ready" 'BEGIN { print ready - start }')"
printf 'RSS after start: %d MiB\n' $((rss_kib / 1024))
