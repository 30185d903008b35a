#!/usr/bin/env bash
# The reads on any of the three servers, for comparing two builds on one server (the ceiling runs
# on Payara Micro alone, so bench/snippets.sh is the yardstick there): loads snippets through the
# API, then measures whoami, GET by id, the first page of 50 and a tag filter with wrk.
# Prints a Markdown table for docs/BENCHMARKS.md.
# Usage: bench/server-reads.sh [count] [seconds-per-measurement] [connections]
# SERVER=payara (the default), wildfly or liberty: started as the README's run command does, from
# this tree's build; JAVA_OPTS is passed to Payara Micro's JVM (unset: the run command's heap).
# JFR=<file> records the server's JVM (settings=profile) while the reads are measured.
set -euo pipefail
cd "$(dirname "$0")/.."
. bench/common.sh

count="${1:-10000}"
seconds="${2:-10}"
connections="${3:-16}"
port=18186
base="http://127.0.0.1:$port"
data="$(mktemp -d)"

prepare
start_server "${SERVER:-payara}" "$port" "$data"
token=$(admin_token "$base" bench-admin-password "$data/cookies")
auth="Authorization: Bearer $token"
java bench/SnippetLoader.java "$base" "$token" "$count" >&2
id=$(curl -sf -H "$auth" "$base/api/v1/snippets?limit=1" | sed -n 's/.*"data":\[{"id":"\([^"]*\)".*/\1/p')
tag=$(curl -sf -H "$auth" "$base/api/v1/snippets/$id" | sed -n 's/.*"tags":\["\([^"]*\)".*/\1/p')

measure() {   # name, path
    out=$(wrk -t2 -c"$connections" -d"${seconds}s" --latency -H "$auth" "$base$2")
    printf '| %s | %s | %s | %s | %s |\n' "$1" "$(echo "$out" | awk '/Requests\/sec/ {print $2}')" \
        "$(echo "$out" | awk '$1 == "50%" {print $2}')" "$(echo "$out" | awk '$1 == "99%" {print $2}')" \
        "$(echo "$out" | awk '/Non-2xx/ {print $5}' | grep . || echo 0)"
}

wrk -t2 -c"$connections" -d"${seconds}s" -H "$auth" "$base/api/v1/snippets/$id" >/dev/null   # warm
[ -z "${JFR:-}" ] || jcmd "$(server_jvm)" JFR.start name=reads settings=profile filename="$(realpath -m "$JFR")" >/dev/null
echo "| request ($connections connections, $count snippets) | req/s | p50 | p99 | non-2xx |"
echo "|---|---:|---:|---:|---:|"
measure "whoami" "/api/v1/auth/whoami"
measure "GET by id" "/api/v1/snippets/$id"
measure "first page of 50" "/api/v1/snippets?limit=50"
measure "tag filter, page of 50" "/api/v1/snippets?tag=$tag&limit=50"
[ -z "${JFR:-}" ] || jcmd "$(server_jvm)" JFR.stop name=reads >/dev/null
echo
echo "server: ${SERVER:-payara}; build: $(git rev-parse --short HEAD)$(git diff --quiet HEAD -- src || echo ' with changes'); JAVA_OPTS: ${JAVA_OPTS:-none}"
