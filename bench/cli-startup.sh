#!/usr/bin/env bash
# Measures the command-line client's start: milliseconds (wall, and CPU: user + system) per run of
# `snippets --version` (no network), `snippets whoami`, `snippets search -q` and `snippets show ID`
# (one or two requests each to a local Payara Micro), median and p90 of N runs each: through the
# launcher with its class-data archive (made by a first run), without it, and as a plain
# `java -jar` of the same jar. Also `curl` of the same request, the floor. BEFORE_JAR=<another
# build's cli/target/snippets.jar> measures that one too, with the same flags, in the same run.
# Usage: [BEFORE_JAR=…] bench/cli-startup.sh [runs] [port]      (starts and stops its own server)
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
config="$(mktemp -d)"
export XDG_CONFIG_HOME="$config" SNIPPETS_SERVER="$base" SNIPPETS_TOKEN="$token"

timed() {   # label, command...: prints the median and p90 of wall time and the median CPU time (user + system), in milliseconds
    local label="$1"
    shift
    local walls=() cpus=() measured
    for _ in $(seq "$runs"); do
        measured=$( { TIMEFORMAT='%R %U %S'; time "$@" >/dev/null 2>&1; } 2>&1 )
        walls+=("$(echo "$measured" | awk '{printf "%d", $1 * 1000}')")
        cpus+=("$(echo "$measured" | awk '{printf "%d", ($2 + $3) * 1000}')")
    done
    local cpu
    cpu=$(printf '%s\n' "${cpus[@]}" | sort -n | awk '{ a[NR] = $1 } END { print a[int((NR + 1) / 2)] }')
    printf '%s\n' "${walls[@]}" | sort -n | awk -v label="$label" -v cpu="$cpu" '{ a[NR] = $1 } END {
        printf "%-34s median %5d ms   p90 %5d ms   CPU median %5d ms\n", label, a[int((NR + 1) / 2)], a[int(NR * 0.9 + 0.5)], cpu }'
}

# a server just started is still compiling its own code: warm it, and let it settle
for _ in $(seq 300); do curl -sf -o /dev/null -H "Authorization: Bearer $token" "$base/api/v1/snippets?limit=5"; done
sleep 10
echo "runs: $runs each; java: $(java -version 2>&1 | head -1)"
timed "curl whoami" curl -sf -H "Authorization: Bearer $token" "$base/api/v1/auth/whoami"
id=$(curl -sf -H "Authorization: Bearer $token" -H 'Content-Type: application/json' \
    -d '{"title":"Disk usage","language":"bash","code":"du -sh * | sort -h\n","tags":["ops"]}' \
    "$base/api/v1/snippets" | grep -o '"id":"[^"]*"' | head -1 | cut -d'"' -f4)
timed "without the archive: whoami" env XDG_CACHE_HOME=/proc/no-cache cli/target/snippets whoami
timed "without the archive: search -q" env XDG_CACHE_HOME=/proc/no-cache cli/target/snippets search -q --limit 5
timed "without the archive: show" env XDG_CACHE_HOME=/proc/no-cache cli/target/snippets show "$id"
export XDG_CACHE_HOME="$config/cache"   # the launcher's class-data archive: made by the first run, here
cli/target/snippets whoami >/dev/null
timed "snippets --version" cli/target/snippets --version
timed "snippets whoami" cli/target/snippets whoami
timed "snippets search -q" cli/target/snippets search -q --limit 5
timed "snippets show" cli/target/snippets show "$id"
if [ -n "${BEFORE_JAR:-}" ]; then
    timed "before: --version" java -XX:TieredStopAtLevel=1 -XX:+UseSerialGC -jar "$BEFORE_JAR" --version
    timed "before: whoami" java -XX:TieredStopAtLevel=1 -XX:+UseSerialGC -jar "$BEFORE_JAR" whoami
    timed "before: search -q" java -XX:TieredStopAtLevel=1 -XX:+UseSerialGC -jar "$BEFORE_JAR" search -q --limit 5
fi
timed "java -jar: --version" java -jar cli/target/snippets.jar --version
timed "java -jar: whoami" java -jar cli/target/snippets.jar whoami
timed "java -jar: search -q" java -jar cli/target/snippets.jar search -q --limit 5
rm -rf "$config"
