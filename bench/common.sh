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

built_ceiling_war() {   # the yardstick (../shared/bench/ceiling, a trivial JAX-RS endpoint), built once: prints its WAR's path
    local dir=../shared/bench/ceiling
    [ -f "$dir/target/ceiling.war" ] || (cd "$dir" && mvn -B -q package >&2)
    echo "$dir/target/ceiling.war"
}

prepare() {   # wrk, and the build the benchmarks run
    command -v wrk >/dev/null || { apt-get update -qq && apt-get install -y -qq wrk >/dev/null; }
    [ -f target/snippet-store.war ] && [ -f target/payara-micro.jar ] || mvn -B -q package -DskipTests
}

start_service() {   # port, data directory, [more Payara Micro arguments]: the WAR at / (JAVA_OPTS for the JVM); sets $server, stopped on exit
    local port="$1" directory="$2"
    shift 2
    SNIPPETS_HTTP_ADDRESS=127.0.0.1 SNIPPETS_DATA_DIR="$directory" SNIPPETS_ADMIN_PASSWORD=bench-admin-password \
        java ${JAVA_OPTS:-} -jar target/payara-micro.jar --nocluster --port "$port" \
        --prebootcommandfile "${PREBOOT:-server-config/payara-micro/preboot.asadmin}" \
        --deploy "${WAR:-target/snippet-store.war}" --contextroot / "$@" >"$directory/server.log" 2>&1 &
    server=$!
    trap "stop_server $server '$directory'" EXIT
    wait_until_ready "http://127.0.0.1:$port"
}

server_jvm() {   # the process id of the server's JVM started by start_server (for jcmd): the server itself on Payara Micro, else the Java process Maven started in its group
    if [ "${server_kind:-payara}" = payara ]; then echo "$server"; return; fi
    pgrep -g "$server" java | while read -r pid; do
        grep -qa plexus.classworlds "/proc/$pid/cmdline" || echo "$pid"
    done | tail -1
}

start_server() {   # server (payara, wildfly or liberty), port, data directory: the WAR on that server, as the README's run command starts it (mvn -P<profile> package); sets $server, stopped on exit
    local which="$1" port="$2" directory="$3" profile
    server_kind="$which"
    if [ "$which" = payara ]; then
        # the run profile's heap (pom.xml's snippets.heap), unless JAVA_OPTS names the JVM's options
        JAVA_OPTS="${JAVA_OPTS:--Xmx$(sed -n 's:.*<snippets.heap>\(.*\)</snippets.heap>.*:\1:p' pom.xml)}"
        start_service "$port" "$directory"
        return
    fi
    case "$which" in
        wildfly) profile=run-wildfly ;;
        liberty) profile=run-liberty ;;
        *) echo "unknown server: $which (payara, wildfly or liberty)" >&2; exit 1 ;;
    esac
    SNIPPETS_HTTP_PORT="$port" SNIPPETS_DATA_DIR="$directory" SNIPPETS_ADMIN_PASSWORD=bench-admin-password \
        setsid mvn -B -q -o -P"$profile" package >"$directory/server.log" 2>&1 &
    server=$!
    # the whole process group: Maven and the server it started
    trap "kill -- -$server 2>/dev/null || true; while kill -0 $server 2>/dev/null; do sleep 0.2; done; rm -rf '$directory'" EXIT
    until curl -sf -o /dev/null "http://127.0.0.1:$port/api/ready"; do
        kill -0 "$server" 2>/dev/null || { tail -50 "$directory/server.log" >&2; exit 1; }
        sleep 0.5
    done
}
