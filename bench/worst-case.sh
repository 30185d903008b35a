#!/usr/bin/env bash
# The worst-case benchmark (docs/API.md, "Limits"; issue 59): a fresh Payara Micro on the run
# command's heap, and for each operation that takes user input the most expensive input its limits
# allow (bench/WorstCase.java): each row's median time of three and the live heap after it.
# Target: every row within 2 s, no 5xx, no OutOfMemoryError in the log. Prints Markdown.
# Usage: bench/worst-case.sh
set -euo pipefail
cd "$(dirname "$0")/.."
. bench/common.sh

port=18191
base="http://127.0.0.1:$port"
data="$(mktemp -d)"

prepare
start_server payara "$port" "$data"
token=$(admin_token "$base" bench-admin-password "$data/cookies")
java bench/WorstCase.java "$base" "$token" "$(server_jvm)"
if grep -q OutOfMemoryError "$data/server.log"; then
    echo "OutOfMemoryError in the server's log" >&2
    exit 1
fi
echo
echo "Heap: $JAVA_OPTS; no OutOfMemoryError in the server's log."
