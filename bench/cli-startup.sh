#!/usr/bin/env bash
# Measures the command-line client's start: milliseconds per run of `snippets --version` (no
# network) and of `snippets whoami` (one request to a local Payara Micro), median and p90 of N
# runs each, with the class-data sharing archive (the launcher's default, recorded before the
# first measured run) and without it (SNIPPETS_CDS=off). Also one `curl` of the same request.
# Usage: bench/cli-startup.sh [runs] [port]      (starts and stops its own server)
set -euo pipefail
cd "$(dirname "$0")/.."
source bench/common.sh

runs="${1:-21}"
port="${2:-18097}"
prepare
[ -x cli/target/snippets ] || mvn -B -q -f cli/pom.xml package -DskipTests
data="$(mktemp -d)"
start_service "$port" "$data"
base="http://127.0.0.1:$port"
token="$(admin_token "$base" bench-admin-password "$data/cookies")"
cache="$(mktemp -d)"
export XDG_CACHE_HOME="$cache" XDG_CONFIG_HOME="$cache" SNIPPETS_SERVER="$base" SNIPPETS_TOKEN="$token"

timed() {   # label, command...: prints "label median p90" in milliseconds
    local label="$1"
    shift
    local times=()
    for _ in $(seq "$runs"); do
        local started ended
        started=$(date +%s%N)
        "$@" >/dev/null
        ended=$(date +%s%N)
        times+=($(( (ended - started) / 1000000 )))
    done
    printf '%s\n' "${times[@]}" | sort -n | awk -v label="$label" '{ a[NR] = $1 } END {
        printf "%-34s median %5d ms   p90 %5d ms\n", label, a[int((NR + 1) / 2)], a[int(NR * 0.9 + 0.5)] }'
}

cli/target/snippets --version >/dev/null   # records the archive, as an installation's first run does
echo "runs: $runs each; java: $(java -version 2>&1 | head -1); archive: $(du -h "$cache"/snippets/*.jsa | cut -f1)"
timed "curl whoami" curl -sf -H "Authorization: Bearer $token" "$base/api/v1/auth/whoami"
timed "snippets --version (CDS)" cli/target/snippets --version
timed "snippets whoami (CDS)" cli/target/snippets whoami
timed "snippets search -q (CDS)" cli/target/snippets search -q --limit 5
SNIPPETS_CDS=off timed "snippets --version (no CDS)" cli/target/snippets --version
SNIPPETS_CDS=off timed "snippets whoami (no CDS)" cli/target/snippets whoami
SNIPPETS_CDS=off timed "snippets search -q (no CDS)" cli/target/snippets search -q --limit 5
rm -rf "$cache"
