package io.snippetstore.platform;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.util.Arrays;
import java.util.Locale;
import java.util.Optional;
import java.util.Set;
import java.util.stream.Collectors;
import java.util.stream.Stream;

import jakarta.servlet.FilterChain;
import jakarta.servlet.FilterConfig;
import jakarta.servlet.ServletException;
import jakarta.servlet.annotation.WebFilter;
import jakarta.servlet.http.HttpFilter;
import jakarta.servlet.http.HttpServletRequest;
import jakarta.servlet.http.HttpServletResponse;
import org.eclipse.microprofile.config.Config;
import org.eclipse.microprofile.config.ConfigProvider;

/**
 * Answers only requests whose {@code Host} names this service: a page on another site that makes
 * its own name resolve to 127.0.0.1 (DNS rebinding) would otherwise reach a loopback-only instance
 * as a same-origin caller of its own. The names come from {@code SNIPPETS_ALLOWED_HOSTS}; see
 * {@link Settings#ALLOWED_HOSTS} for the default.
 */
@WebFilter(urlPatterns = "/*", asyncSupported = true)
public class AllowedHosts extends HttpFilter {

    static final Set<String> LOOPBACK_NAMES = Set.of("localhost", "127.0.0.1", "::1");
    private static final Set<String> WILDCARD_ADDRESSES = Set.of("0.0.0.0", "::", "*", "");
    private static final String ANY = "*";
    /** The error code of a request for a host this service does not answer to (421). */
    static final String MISDIRECTED_REQUEST = "misdirected_request";

    private Set<String> allowed;

    @Override
    public void init(FilterConfig config) throws ServletException {
        super.init(config);
        Config settings = ConfigProvider.getConfig(AllowedHosts.class.getClassLoader());
        allowed = allowed(
                settings.getOptionalValue(Settings.ALLOWED_HOSTS, String.class),
                settings.getOptionalValue(Settings.HTTP_ADDRESS, String.class));
    }

    /** The names allowed, {@code *} among them for any: from the setting, else the default. */
    static Set<String> allowed(Optional<String> setting, Optional<String> listeningAddress) {
        if (setting.isPresent()) {
            return Arrays.stream(setting.get().split(","))
                    .map(AllowedHosts::normalized)
                    .filter(name -> !name.isEmpty())
                    .collect(Collectors.toUnmodifiableSet());
        }
        String address = listeningAddress.map(AllowedHosts::normalized).orElse("127.0.0.1");
        if (WILDCARD_ADDRESSES.contains(address)) {
            return Set.of(ANY);
        }
        return Stream.concat(LOOPBACK_NAMES.stream(), Stream.of(address)).collect(Collectors.toUnmodifiableSet());
    }

    static boolean isAllowed(Set<String> allowed, String serverName) {
        return allowed.contains(ANY) || allowed.contains(normalized(serverName));
    }

    /** Lower case, no brackets around an IPv6 address, no trailing dot of a fully qualified name. */
    static String normalized(String host) {
        String name = host.strip().toLowerCase(Locale.ROOT);
        if (name.startsWith("[") && name.endsWith("]")) {
            name = name.substring(1, name.length() - 1);
        }
        return name.endsWith(".") ? name.substring(0, name.length() - 1) : name;
    }

    @Override
    protected void doFilter(HttpServletRequest request, HttpServletResponse response, FilterChain chain)
            throws IOException, ServletException {
        if (isAllowed(allowed, request.getServerName())) {
            chain.doFilter(request, response);
            return;
        }
        byte[] body = JsonProviders.SHARED
                .createObjectBuilder()
                .add("ok", false)
                .add(
                        "error",
                        JsonProviders.SHARED
                                .createObjectBuilder()
                                .add("code", MISDIRECTED_REQUEST)
                                .add(
                                        "message",
                                        "This service does not answer to that host name; SNIPPETS_ALLOWED_HOSTS lists the ones it does."))
                .build()
                .toString()
                .getBytes(StandardCharsets.UTF_8);
        response.setStatus(421);
        response.setHeader("Cache-Control", "no-store");
        response.setContentType("application/json;charset=utf-8");
        response.setContentLength(body.length);
        response.getOutputStream().write(body);
    }
}
