# Shared by the benchmark scripts: waiting for a server they started, and an API token for it.

wait_until_ready() {   # base URL
    until curl -sf -o /dev/null "$1/api/ready"; do sleep 0.5; done
}

admin_token() {   # base URL, admin password, cookie file: signs in as admin and prints a new API token
    curl -sf -c "$3" -H 'Content-Type: application/json' \
         -d "{\"username\":\"admin\",\"password\":\"$2\"}" "$1/api/v1/auth/login" >/dev/null
    curl -sf -b "$3" -H 'Content-Type: application/json' -d '{"name":"bench"}' "$1/api/v1/auth/tokens" \
        | sed -n 's/.*"token":"\([^"]*\)".*/\1/p'
}

stop_server() {   # pid, folder: the server deletes its runtime files while shutting down, so remove the folder only once it is gone
    kill "$1" 2>/dev/null || true
    while kill -0 "$1" 2>/dev/null; do sleep 0.2; done
    rm -rf "$2"
}
