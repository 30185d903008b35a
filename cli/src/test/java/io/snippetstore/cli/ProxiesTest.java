package io.snippetstore.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;

import java.net.InetSocketAddress;
import java.net.Proxy;
import java.net.URI;
import java.util.Map;

import org.junit.jupiter.api.Test;

class ProxiesTest {

    private static String via(Map<String, String> environment, String target) {
        Proxy proxy = new Proxies(environment).forAddress(URI.create(target));
        if (proxy.type() == Proxy.Type.DIRECT) {
            return "direct";
        }
        InetSocketAddress address = (InetSocketAddress) proxy.address();
        return address.getHostString() + ":" + address.getPort();
    }

    @Test
    void eachSchemeHasItsOwnVariableInEitherCase() {
        Map<String, String> environment = Map.of("https_proxy", "http://secure:3128", "HTTP_PROXY", "plain");

        assertEquals("secure:3128", via(environment, "https://snippets.example.org/"));
        assertEquals("plain:80", via(environment, "http://snippets.example.org:8080/"));
        assertEquals("direct", via(Map.of("HTTP_PROXY", "plain:3128"), "https://snippets.example.org/"));
    }

    @Test
    void noProxyNamesHostsTheirSubdomainsAndPortsIgnoringCase() {
        Map<String, String> environment =
                Map.of("HTTPS_PROXY", "proxy:3128", "NO_PROXY", " Example.ORG , .internal,10.0.0.7:8443,[::1]");

        assertEquals("direct", via(environment, "https://snippets.example.org/"));
        assertEquals("direct", via(environment, "https://example.org/"));
        assertEquals("proxy:3128", via(environment, "https://notexample.org/"));
        assertEquals("direct", via(environment, "https://ci.build.internal/"));
        assertEquals("direct", via(environment, "https://10.0.0.7:8443/"));
        assertEquals("proxy:3128", via(environment, "https://10.0.0.7/"));
        assertEquals("direct", via(environment, "https://[::1]:8443/"));
        assertEquals("direct", via(Map.of("HTTPS_PROXY", "proxy:3128", "no_proxy", "*"), "https://any.where/"));
    }

    @Test
    void aProxyThatIsNotAnAddressIsAUsageError() {
        Failure failure =
                assertThrows(Failure.class, () -> via(Map.of("HTTP_PROXY", "http://"), "http://snippets.example.org/"));

        assertEquals(Failure.USAGE, failure.exitCode());
    }
}
