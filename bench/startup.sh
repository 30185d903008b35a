#!/usr/bin/env bash
# Measures the README's run command: seconds from `mvn -Prun package` to the first 200 of
# /api/ready, and the resident memory of the Payara Micro process once it is ready.
# Usage: bench/startup.sh [port]   (uses a fresh data directory; stops what it started)
set -euo pipefail
cd "$(dirname "$0")/.."

port="${1:-18090}"
data="$(mktemp -d)"
log="$(mktemp)"
mvn -B -q -o package -DskipTests >/dev/null   # warm: build once, so the measurement is the start itself

start=$(date +%s.%N)
SNIPPETS_HTTP_PORT="$port" SNIPPETS_DATA_DIR="$data" SNIPPETS_ADMIN_PASSWORD=bench-admin-password \
    setsid mvn -B -q -o -Prun package >"$log" 2>&1 &
runner=$!
trap 'kill -- -"$runner" 2>/dev/null || true; rm -rf "$data" "$log"' EXIT

until curl -sf -o /dev/null "http://127.0.0.1:$port/api/ready"; do
    if ! kill -0 "$runner" 2>/dev/null; then
        echo "the server exited before it was ready:" >&2
        tail -50 "$log" >&2
        exit 1
    fi
    sleep 0.2
done
ready=$(date +%s.%N)

java_pid=$(pgrep -f -- "--port $port --nocluster" | head -1)
sleep 5   # let start-up work settle before reading memory
rss_kib=$(ps -o rss= -p "$java_pid" | tr -d ' ')

printf 'run command to ready: %.1f s\n' "$(awk -v start="$start" -v ready="$ready" 'BEGIN { print ready - start }')"
printf 'RSS after start: %d MiB\n' $((rss_kib / 1024))
