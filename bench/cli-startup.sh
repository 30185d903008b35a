#!/usr/bin/env bash
# Measures the command-line client's start: milliseconds per run of `snippets --version` (no
# network), `snippets whoami` and `snippets search -q` (one request each to a local Payara Micro),
# median and p90 of N runs each: through the launcher (its JVM flags) and as a plain `java -jar`
# of the same jar. Also `curl` of the same request, the floor. BEFORE_JAR=<another build's
# cli/target/snippets.jar> measures that one too, with the same flags, in the same run.
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

# a server just started is still compiling its own code: warm it, and let it settle
for _ in $(seq 300); do curl -sf -o /dev/null -H "Authorization: Bearer $token" "$base/api/v1/snippets?limit=5"; done
sleep 10
echo "runs: $runs each; java: $(java -version 2>&1 | head -1)"
timed "curl whoami" curl -sf -H "Authorization: Bearer $token" "$base/api/v1/auth/whoami"
timed "snippets --version" cli/target/snippets --version
timed "snippets whoami" cli/target/snippets whoami
timed "snippets search -q" cli/target/snippets search -q --limit 5
if [ -n "${BEFORE_JAR:-}" ]; then
    timed "before: --version" java -XX:TieredStopAtLevel=1 -XX:+UseSerialGC -jar "$BEFORE_JAR" --version
    timed "before: whoami" java -XX:TieredStopAtLevel=1 -XX:+UseSerialGC -jar "$BEFORE_JAR" whoami
    timed "before: search -q" java -XX:TieredStopAtLevel=1 -XX:+UseSerialGC -jar "$BEFORE_JAR" search -q --limit 5
fi
timed "java -jar: --version" java -jar cli/target/snippets.jar --version
timed "java -jar: whoami" java -jar cli/target/snippets.jar whoami
timed "java -jar: search -q" java -jar cli/target/snippets.jar search -q --limit 5
rm -rf "$config"
