package io.snippetstore.cli;

import java.net.InetSocketAddress;
import java.net.Proxy;
import java.net.URI;
import java.util.Arrays;
import java.util.Locale;
import java.util.Map;
import java.util.Optional;

/**
 * The proxy for an address, as curl and most command-line tools choose it: {@code HTTPS_PROXY} for
 * https, {@code HTTP_PROXY} for http (either in lower case too), none for a host that
 * {@code NO_PROXY} names (comma-separated; a name also covers its subdomains, a leading dot or
 * {@code *.} is allowed, an optional {@code :port} must match, {@code *} alone means every host).
 * A proxy is given as {@code http://host:port} (or {@code host:port}); its port defaults to 80 for
 * http and 443 for https. Credentials in it are not sent (docs/CLI.md).
 */
final class Proxies {

    private final Map<String, String> environment;

    Proxies(Map<String, String> environment) {
        this.environment = environment;
    }

    Proxy forAddress(URI target) {
        String scheme = target.getScheme().toLowerCase(Locale.ROOT);
        Optional<String> configured = variable(scheme.equals("https") ? "HTTPS_PROXY" : "HTTP_PROXY");
        if (configured.isEmpty() || bypassed(target)) {
            return Proxy.NO_PROXY;
        }
        URI proxy = proxyAddress(configured.get());
        int port = proxy.getPort() > 0 ? proxy.getPort() : "https".equalsIgnoreCase(proxy.getScheme()) ? 443 : 80;
        return new Proxy(Proxy.Type.HTTP, InetSocketAddress.createUnresolved(proxy.getHost(), port));
    }

    private static URI proxyAddress(String value) {
        String withScheme = value.contains("://") ? value : "http://" + value;
        try {
            URI proxy = new URI(withScheme);
            if (proxy.getHost() != null) {
                return proxy;
            }
        } catch (java.net.URISyntaxException malformed) {
            // answered below
        }
        throw new Failure(Failure.USAGE, "The proxy \"" + value + "\" is not an address such as http://proxy:3128.");
    }

    private boolean bypassed(URI target) {
        String host = target.getHost().toLowerCase(Locale.ROOT);
        int port = target.getPort() > 0 ? target.getPort() : target.getScheme().equalsIgnoreCase("https") ? 443 : 80;
        return variable("NO_PROXY")
                .map(list -> Arrays.stream(list.split(","))
                        .map(String::strip)
                        .filter(entry -> !entry.isEmpty())
                        .anyMatch(entry -> matches(entry.toLowerCase(Locale.ROOT), host, port)))
                .orElse(false);
    }

    private static boolean matches(String entry, String host, int port) {
        if (entry.equals("*")) {
            return true;
        }
        String name = entry;
        int colon = entry.lastIndexOf(':');
        if (colon > 0 && !entry.endsWith("]") && entry.indexOf(':') == colon) {
            if (!entry.substring(colon + 1).equals(Integer.toString(port))) {
                return false;
            }
            name = entry.substring(0, colon);
        }
        name = name.startsWith("*.") ? name.substring(2) : name.startsWith(".") ? name.substring(1) : name;
        String bare = host.startsWith("[") ? host.substring(1, host.length() - 1) : host;
        name = name.startsWith("[") && name.endsWith("]") ? name.substring(1, name.length() - 1) : name;
        return bare.equals(name) || bare.endsWith("." + name);
    }

    /** The variable in upper case, else in lower case (curl reads http_proxy in lower case only; both are common). */
    private Optional<String> variable(String name) {
        return Optional.ofNullable(environment.get(name))
                .or(() -> Optional.ofNullable(environment.get(name.toLowerCase(Locale.ROOT))))
                .map(String::strip)
                .filter(value -> !value.isEmpty());
    }
}
