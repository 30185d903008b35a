#!/usr/bin/env bash
# Search profile: where a search spends its CPU beside a tag-filtered page of the same size, per
# request, on COUNT snippets (bench/SnippetLoader.java). The server runs with a JFR recording from
# its start (see bench/profile-reads.sh for why); each request kind is warmed, then measured with
# wrk at 4 connections while the recording runs; bench/ReadProfile.java counts each one's
# execution samples per 1,000 of its requests, by category (Lucene, match excerpts, SQL, JSON-B...).
# Usage: bench/profile-search.sh [snippets] [seconds-per-measurement]
set -euo pipefail
cd "$(dirname "$0")/.."
. bench/common.sh

count="${1:-100000}"
seconds="${2:-20}"
port=18187
base="http://127.0.0.1:$port"
data="$(mktemp -d)"

prepare
JAVA_OPTS="${JAVA_OPTS:-} -XX:FlightRecorderOptions:stackdepth=256 -XX:StartFlightRecording:settings=profile,filename=$data/search.jfr" \
    start_service "$port" "$data"
token=$(admin_token "$base" bench-admin-password "$data/cookies")
auth="Authorization: Bearer $token"
java bench/SnippetLoader.java "$base" "$token" "$count" >&2

names=("tag filter" "rare term in titles" "common term" "two common terms")
paths=("/api/v1/snippets?tag=cache-web" "/api/v1/snippets?query=zebrafish" "/api/v1/snippets?query=payload" "/api/v1/snippets?query=payload%20return")
for path in "${paths[@]}"; do
    wrk -t2 -c4 -d"${seconds}s" -H "$auth" "$base$path" >/dev/null
done
windows=()
echo "| request (wrk -t2 -c4, JFR recording) | req/s |"
echo "|---|---:|"
for i in "${!paths[@]}"; do
    start=$(date +%s%3N)
    out=$(wrk -t2 -c4 -d"${seconds}s" -H "$auth" "$base${paths[$i]}")
    end=$(date +%s%3N)
    requests=$(echo "$out" | awk '/requests in/ {print $1}')
    printf '| %s `%s` | %s |\n' "${names[$i]}" "${paths[$i]}" "$(echo "$out" | awk '/Requests\/sec/ {print $2}')"
    windows+=("${names[$i]}:$((start + 1000)):$((end - 1000)):$(( requests * (end - start - 2000) / (end - start) ))")
done
jcmd "$server" JFR.dump name=1 filename="$data/search.jfr" >/dev/null
echo
java bench/ReadProfile.java "$data/search.jfr" "${windows[@]}"
echo
echo "snippets: $count; JAVA_OPTS: ${JAVA_OPTS:-none}; JFR settings=profile, stack depth 256"
