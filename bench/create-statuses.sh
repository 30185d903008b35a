#!/usr/bin/env bash
# Creates as fast as the connections allow and counts the answers' statuses (bench/CreateStatuses.java):
# every create must be a 201 with its Location. Exits non-zero on any other answer.
# Usage: bench/create-statuses.sh [connections] [seconds]
# JAVA_OPTS is passed to Payara Micro's JVM (unset: the run command's heap); SERVER=wildfly or
# SERVER=liberty runs the WAR on that server.
set -euo pipefail
cd "$(dirname "$0")/.."
. bench/common.sh

connections="${1:-64}"
seconds="${2:-120}"
port=18187
base="http://127.0.0.1:$port"
data="$(mktemp -d)"

prepare
start_server "${SERVER:-payara}" "$port" "$data"
token=$(admin_token "$base" bench-admin-password "$data/cookies")
echo "server: ${SERVER:-payara}; JAVA_OPTS: ${JAVA_OPTS:-none}"
java bench/CreateStatuses.java "$base" "$token" "$connections" "$seconds"
