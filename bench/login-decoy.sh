#!/usr/bin/env bash
# The decoy (docs/API.md, "Login": an unknown username takes as long as a wrong password), measured
# at the production cost of a password check (PBKDF2, 210,000 iterations): a fresh Payara Micro on
# the run command's heap, warmed up, then N wrong sign-ins for existing accounts and N for unknown
# usernames, alternating, each from curl on its own connection. Prints the medians, their ratio and
# snippets_password_checks_total's count as Markdown. The suite tests the decoy by that count
# (MetricsTests, HostileProviderIT); the time it buys is measured here, not asserted in a test.
# Usage: bench/login-decoy.sh [sign-ins of each kind, default 21]
set -euo pipefail
cd "$(dirname "$0")/.."
. bench/common.sh

n="${1:-21}"
port=18193
base="http://127.0.0.1:$port"
data="$(mktemp -d)"

prepare
start_server payara "$port" "$data"
token=$(admin_token "$base" bench-admin-password "$data/cookies")

wrong() {   # username: the seconds a wrong sign-in takes, after checking that it is a 401
    local answer
    answer=$(curl -s -o /dev/null -w '%{http_code} %{time_total}' -H 'Content-Type: application/json' \
        -d "{\"username\":\"$1\",\"password\":\"not-the-password\"}" "$base/api/v1/auth/login")
    [ "${answer% *}" = 401 ] || { echo "a wrong sign-in for $1 answered ${answer% *}" >&2; exit 1; }
    echo "${answer#* }"
}
median() { sort -n | awk '{ v[NR] = $1 } END { print v[int((NR + 1) / 2)] }'; }
checks() {
    curl -sf -H "Authorization: Bearer $token" "$base/api/v1/metrics" \
        | awk '/^snippets_password_checks_total/ { print $2 }'
}

for i in $(seq 1 "$n"); do   # each account is tried once: ten failures would throttle it
    curl -sf -o /dev/null -H "Authorization: Bearer $token" -H 'Content-Type: application/json' \
        -d "{\"username\":\"timed-$i\",\"password\":\"the-password-$i\"}" "$base/api/v1/users"
done
for i in $(seq 1 8); do wrong "warm-up-$i" >/dev/null; done   # a cold JVM's first checks take seconds

before=$(checks)
: >"$data/existing"
: >"$data/unknown"
for i in $(seq 1 "$n"); do
    wrong "timed-$i" >>"$data/existing"
    wrong "nobody-$i-$RANDOM" >>"$data/unknown"
done
after=$(checks)

existing=$(median <"$data/existing")
unknown=$(median <"$data/unknown")
echo "| wrong sign-ins ($n of each, alternating) | median |"
echo "|---|---|"
echo "| for an existing account | $(awk -v s="$existing" 'BEGIN { printf "%.0f ms", s * 1000 }') |"
echo "| for an unknown username | $(awk -v s="$unknown" 'BEGIN { printf "%.0f ms", s * 1000 }') |"
echo
echo "Unknown / existing: $(awk -v u="$unknown" -v e="$existing" 'BEGIN { printf "%.2f", u / e }');" \
    "password checks counted: $(awk -v a="$after" -v b="$before" 'BEGIN { printf "%d", a - b }') for $((2 * n)) sign-ins."
