#!/usr/bin/env bash
# A large import beside other users: one user imports an archive of SNIPPETS snippets, each with a
# 1 MiB attachment of random bytes (1,000 by default: about 1 GiB), while another user signs in
# and creates a snippet every 0.2 s. Reports the import's time and the others' latencies, quiet
# and during the import. Prints Markdown for docs/BENCHMARKS.md.
# Usage: bench/import.sh [snippets]
# JAVA_OPTS is passed to the server's JVM.
set -euo pipefail
cd "$(dirname "$0")/.."
. bench/common.sh

snippets="${1:-1000}"
port=18187
base="http://127.0.0.1:$port"
data="$(mktemp -d)"

prepare
start_service "$port" "$data"
token=$(admin_token "$base" bench-admin-password "$data/cookies")
for user in importer colleague; do
    curl -sf -o /dev/null -H "Authorization: Bearer $token" -H 'Content-Type: application/json' \
        -d "{\"username\":\"$user\",\"password\":\"bench-$user-password\"}" "$base/api/v1/users"
done
importer=$(curl -sf -c "$data/importer-cookies" -H 'Content-Type: application/json' \
        -d '{"username":"importer","password":"bench-importer-password"}' "$base/api/v1/auth/login" >/dev/null &&
    curl -sf -b "$data/importer-cookies" -H 'Content-Type: application/json' -d '{"name":"bench"}' "$base/api/v1/auth/tokens" \
    | sed -n 's/.*"token":"\([^"]*\)".*/\1/p')
java bench/ImportArchive.java "$data/archive.zip" "$snippets" 1048576

others() {   # every 0.2 s until the file $1 exists (at most $2 rounds): one sign-in and one create of the colleague, "seconds status" per line
    for ((round = 0; round < $2; round++)); do
        [ -e "$1" ] && break
        curl -s -o /dev/null -w 'sign-in %{time_total} %{http_code}\n' -H 'Content-Type: application/json' \
            -d '{"username":"colleague","password":"bench-colleague-password"}' -c "$data/colleague-cookies" "$base/api/v1/auth/login"
        curl -s -o /dev/null -w 'create %{time_total} %{http_code}\n' -b "$data/colleague-cookies" -H 'Content-Type: application/json' \
            -d '{"title":"meanwhile","language":"text","code":"written beside an import","tags":[]}' "$base/api/v1/snippets"
        sleep 0.2
    done
}
summary() {   # kind, file: "p50 / p99 / max (count, non-2xx)" of that kind's seconds
    awk -v kind="$1" '$1 == kind {print $2, $3}' "$2" | sort -n | awk '
        {t[NR] = $1; if ($2 !~ /^2/) bad++}
        END {printf "%.3f / %.3f / %.3f s (%d, non-2xx %d)", t[int((NR + 1) / 2)], t[int(NR * 0.99 + 0.999)], t[NR], NR, bad}'
}

others "$data/never" 25 >"$data/quiet.txt"
start=$(date +%s%N)
( curl -s -o "$data/import.json" -w '%{http_code}' -H "Authorization: Bearer $importer" -H 'Content-Type: application/zip' \
      -X POST -T "$data/archive.zip" "$base/api/v1/import" >"$data/import.status"; touch "$data/import.done" ) &
importing=$!
others "$data/import.done" 100000 >"$data/during.txt"
wait "$importing"
seconds=$(awk -v ns=$(( $(date +%s%N) - start )) 'BEGIN {printf "%.1f", ns / 1e9}')

echo "### Import beside other users ($(date -u +%F), $(nproc) cores, \`bench/import.sh $snippets\`)"
echo
echo "Import of $(du -m "$data/archive.zip" | cut -f1) MiB ($snippets snippets, one 1 MiB attachment each):"
echo "status $(cat "$data/import.status"), $seconds s, $(grep -o '"snippetsCreated":[0-9]*' "$data/import.json")."
echo
echo "| another user, every 0.2 s | quiet: p50 / p99 / max | during the import: p50 / p99 / max |"
echo "|---|---:|---:|"
echo "| sign-in | $(summary sign-in "$data/quiet.txt") | $(summary sign-in "$data/during.txt") |"
echo "| create | $(summary create "$data/quiet.txt") | $(summary create "$data/during.txt") |"
