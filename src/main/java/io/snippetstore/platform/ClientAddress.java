package io.snippetstore.platform;

import java.util.Arrays;
import java.util.Collections;
import java.util.List;
import java.util.Optional;
import java.util.Set;
import java.util.function.Supplier;
import java.util.stream.Collectors;

import jakarta.annotation.PostConstruct;
import jakarta.enterprise.context.ApplicationScoped;
import jakarta.enterprise.context.ContextNotActiveException;
import jakarta.inject.Inject;
import jakarta.servlet.http.HttpServletRequest;
import org.eclipse.microprofile.config.inject.ConfigProperty;

/**
 * The network address of the client of the current request. By default the address the server
 * saw the connection come from: a forwarded-for header is not trusted, since any client can send
 * one. Behind reverse proxies named in {@code SNIPPETS_TRUSTED_PROXIES}, a connection from one of
 * them is taken for the address its {@code X-Forwarded-For} names: the rightmost entry that is not
 * itself a trusted proxy (what the nearest proxy saw), never one the client may have written.
 */
@ApplicationScoped
public class ClientAddress {

    /** Stands for the address when there is none (a timer, not a request). */
    public static final String UNKNOWN = "unknown";

    /** The container's built-in request bean: a proxy to the request of the calling thread. */
    @Inject
    HttpServletRequest request;

    @Inject
    @ConfigProperty(name = Settings.TRUSTED_PROXIES)
    Optional<String> trustedProxies;

    /** The address of the request whose work another thread runs now ({@link #carriedInto}). */
    private static final ThreadLocal<String> CARRIED = new ThreadLocal<>();

    private Set<String> trusted;

    /** The address, when the calling thread serves a request (a timer does not) or runs work carried over from one. */
    public Optional<String> current() {
        String carried = CARRIED.get();
        if (carried != null) {
            return Optional.of(carried);
        }
        try {
            return Optional.ofNullable(request.getRemoteAddr())
                    .map(connection -> trusted.contains(connection)
                            ? of(connection, Collections.list(request.getHeaders("X-Forwarded-For")), trusted)
                            : connection);
        } catch (ContextNotActiveException | IllegalStateException noRequest) {
            return Optional.empty();
        }
    }

    /**
     * The work, to run on another thread (a writer's) with this request's address as the current
     * one, so that what it records names the client that asked for it.
     */
    public <T> Supplier<T> carriedInto(Supplier<T> work) {
        Optional<String> address = current();
        if (address.isEmpty()) {
            return work;
        }
        String carried = address.get();
        return () -> {
            String before = CARRIED.get();
            CARRIED.set(carried);
            try {
                return work.get();
            } finally {
                if (before == null) {
                    CARRIED.remove();
                } else {
                    CARRIED.set(before);
                }
            }
        };
    }

    /** The client's address, from the connection's and the forwarded-for headers, believed only from {@code trusted} proxies. */
    static String of(String connection, List<String> forwardedFor, Set<String> trusted) {
        if (!trusted.contains(connection)) {
            return connection;
        }
        List<String> hops = forwardedFor.stream()
                .flatMap(header -> Arrays.stream(header.split(",")))
                .map(String::strip)
                .filter(hop -> !hop.isEmpty())
                .toList();
        for (int i = hops.size() - 1; i >= 0; i--) {
            if (!trusted.contains(hops.get(i))) {
                return hops.get(i);
            }
        }
        return connection;
    }

    @PostConstruct
    void readTrustedProxies() {
        trusted = trustedProxies
                .map(list -> Arrays.stream(list.split(","))
                        .map(String::strip)
                        .filter(proxy -> !proxy.isEmpty())
                        .collect(Collectors.toUnmodifiableSet()))
                .orElse(Set.of());
    }
}
