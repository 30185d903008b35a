#!/usr/bin/env bash
# A rebuild of the search index with search by meaning on (issue 61): COUNT snippets inserted
# straight into the database of a stopped service (bench/SnippetLoader.java --database), the index
# removed, then a start: how long the index of words takes (the log's "Built the search index"),
# and how long until every snippet's meaning is made (/api/ready's search data), on the run
# command's heap; the index's size then. Prints Markdown. Usage: bench/meaning-rebuild.sh [count]
set -euo pipefail
cd "$(dirname "$0")/.."
. bench/common.sh

count="${1:-100000}"
port=18195
base="http://127.0.0.1:$port"
data="$(mktemp -d)"

prepare
sqlite_jar=$(find ~/.m2/repository/org/xerial/sqlite-jdbc -name 'sqlite-jdbc-*.jar' | sort | tail -1)
start_server payara "$port" "$data"
kill "$server"
while kill -0 "$server" 2>/dev/null; do sleep 0.2; done
java -cp "$sqlite_jar" bench/SnippetLoader.java --database "$data/snippets.db" admin "$count" >&2
rm -rf "$data/search"
mv "$data/server.log" "$data/server-first.log"
started=$(date +%s)
start_server payara "$port" "$data"
until curl -sf "$base/api/ready" | grep -q '"meaning":"on"'; do sleep 1; done
done_at=$(date +%s)
echo "| $count snippets, search index removed | result |"
echo "|---|---|"
echo "| index of words built | $(grep -o 'Built the search index of [0-9]* snippets in [0-9]* ms' "$data/server.log") |"
echo "| every meaning made | $((done_at - started)) s after the start |"
echo "| index on disk | $(($(du -sb "$data/search" | cut -f1) / 1048576)) MiB (database $(($(du -sb "$data/snippets.db" | cut -f1) / 1048576)) MiB) |"
echo
echo "Heap: ${JAVA_OPTS}."
