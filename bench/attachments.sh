#!/usr/bin/env bash
# Attachment benchmark: a 1 GiB upload and download through a server limited to a 256 MiB heap,
# beside dd writing 1 GiB to the same disk with an fsync (the raw write speed). Checks that the
# downloaded bytes have the uploaded SHA-256 and reports MB/s and the server's peak RSS. The file is
# then uploaded again while one client creates snippets one after the other: their latency, and the
# service's own measure of how long writes waited for the single writer, show what an upload costs
# other writes (and the upload's speed what they cost it).
# Usage: bench/attachments.sh [MiB]
# WAR names another build to measure (default target/snippet-store.war), as for the other scripts.
set -euo pipefail
cd "$(dirname "$0")/.."
. bench/common.sh

mib="${1:-1024}"
port=18182
base="http://127.0.0.1:$port"
mkdir -p target
work="$(mktemp -d "$PWD/target/bench-attachments.XXXXXX")"   # same disk as ./data
log="$work/server.log"

[ -f target/snippet-store.war ] && [ -f target/payara-micro.jar ] || mvn -B -q package -DskipTests

mb_per_s() {   # bytes, seconds
    awk -v b="$1" -v s="$2" 'BEGIN { printf "%.0f", b / s / 1000000 }'
}

bytes=$((mib * 1024 * 1024))
head -c "$bytes" /dev/urandom >"$work/upload.bin"
expected=$(sha256sum "$work/upload.bin" | cut -d' ' -f1)

start=$(date +%s.%N)
dd if=/dev/zero of="$work/dd.bin" bs=1M count="$mib" conv=fsync status=none
dd_seconds=$(awk -v start="$start" -v end="$(date +%s.%N)" 'BEGIN { print end - start }')
rm -f "$work/dd.bin"
sync   # the test file's own gigabyte is on disk before the upload, not written back during it

mkdir -p "$work/data" "$work/tmp"
SNIPPETS_HTTP_ADDRESS=127.0.0.1 SNIPPETS_DATA_DIR="$work/data" SNIPPETS_ADMIN_PASSWORD=bench-admin-password SNIPPETS_MAX_UPLOAD_BYTES=$((bytes * 2)) \
    java -Xmx256m -Djava.io.tmpdir="$work/tmp" -jar target/payara-micro.jar \
    --prebootcommandfile server-config/payara-micro/preboot.asadmin \
    --deploy "${WAR:-target/snippet-store.war}" --contextroot / --port "$port" --nocluster >"$log" 2>&1 &
server=$!
trap 'stop_server "$server" "$work"' EXIT
wait_until_ready "$base"
token=$(admin_token "$base" bench-admin-password "$work/cookies")
auth="Authorization: Bearer $token"
snippet=$(curl -sf -H "$auth" -H 'Content-Type: application/json' \
          -d '{"title":"big file","language":"text","code":"see the attachment","tags":[]}' "$base/api/v1/snippets" \
          | sed -n 's/.*"data":{"id":"\([^"]*\)".*/\1/p')

cat >"$work/create.lua" <<'LUA'
wrk.method = "POST"
wrk.headers["Content-Type"] = "application/json"
wrk.body = '{"title":"written during an upload","language":"text","code":"x","tags":[]}'
LUA
waits_over() {   # seconds: how many writes so far waited longer for the writer's gate
    curl -sf -H "$auth" "$base/api/v1/metrics" | awk -v le="le=\"$1\"" '
        /^snippets_write_gate_wait_seconds_count/ {count = $2}
        /^snippets_write_gate_wait_seconds_bucket/ && index($0, le) {within = $2}
        END {print count - within}'
}
upload() {   # response file: uploads the file, prints the seconds until the 201
    curl -sf -o "$1" -w '%{time_total}' -H "$auth" -F "file=@$work/upload.bin" "$base/api/v1/snippets/$snippet/attachments"
}
alone_seconds=$(upload "$work/created.json")   # the upload on its own: the speed

waits_before=$(waits_over 0.1)
upload_seconds_estimate=$(( mib / 20 + 5 ))   # long enough to cover the upload at 20 MB/s or faster
wrk -t1 -c1 -d"${upload_seconds_estimate}s" --latency -s "$work/create.lua" -H "$auth" "$base/api/v1/snippets" >"$work/creates.out" &
creates=$!
beside_seconds=$(upload "$work/created-beside.json")   # the same again, with writes beside it: what each costs the other
kill -INT "$creates" 2>/dev/null || true   # stops wrk early; on SIGINT it prints what it measured so far
wait "$creates" 2>/dev/null || true
waits_after=$(waits_over 0.1)
max_wait=$(curl -sf -H "$auth" "$base/api/v1/metrics" | awk '/^snippets_write_gate_wait_seconds_max/ {printf "%.0f ms", $2 * 1000}')
attachment=$(sed -n 's/.*"data":{"id":"\([^"]*\)".*/\1/p' "$work/created.json")
stored=$(sed -n 's/.*"sha256":"\([^"]*\)".*/\1/p' "$work/created.json")
stored_beside=$(sed -n 's/.*"sha256":"\([^"]*\)".*/\1/p' "$work/created-beside.json")
rm -f "$work/upload.bin"

download_seconds=$(curl -sf -o "$work/download.bin" -w '%{time_total}' -H "$auth" \
                   "$base/api/v1/attachments/$attachment/download")
downloaded=$(sha256sum "$work/download.bin" | cut -d' ' -f1)
peak_rss_kib=$(awk '/VmHWM/ {print $2}' "/proc/$server/status")

[ "$stored" = "$expected" ] && [ "$stored_beside" = "$expected" ] && [ "$downloaded" = "$expected" ] && verdict="match" || verdict="MISMATCH"
echo "| measure | value |"
echo "|---|---|"
echo "| file | $mib MiB of random bytes |"
echo "| dd write with conv=fsync (raw disk) | $(mb_per_s "$bytes" "$dd_seconds") MB/s |"
echo "| upload (curl -F, until 201) | $(mb_per_s "$bytes" "$alone_seconds") MB/s ($alone_seconds s) |"
echo "| the same upload with one client creating snippets beside it | $(mb_per_s "$bytes" "$beside_seconds") MB/s ($beside_seconds s) |"
echo "| download (curl, to a file) | $(mb_per_s "$bytes" "$download_seconds") MB/s ($download_seconds s) |"
echo "| SHA-256 of the file, both stored and the download | $verdict |"
echo "| server peak RSS (VmHWM), heap -Xmx256m | $((peak_rss_kib / 1024)) MiB |"
echo "| creates beside the second upload, one client: count, p50, p99, max | $(awk '/requests in/ {n=$1} $1=="50%" {p50=$2} $1=="99%" {p99=$2} $1=="Latency" && $2 != "Distribution" {max=$4} END {print n ", " p50 ", " p99 ", " max}' "$work/creates.out") |"
echo "| writes that waited over 100 ms for the writer meanwhile; longest wait (the service's metrics) | $((waits_after - waits_before)); $max_wait |"
