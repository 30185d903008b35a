package io.snippetstore.auth.boundary;

import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.net.URI;

import org.junit.jupiter.api.Test;

class SameOriginTest {

    private static final URI SERVICE = URI.create("http://127.0.0.1:8080/api/");

    @Test
    void requestsWithoutOriginOrRefererPass() {
        assertTrue(SameOrigin.allows(null, null, SERVICE));
    }

    @Test
    void theServicesOwnOriginPassesWithOrWithoutTheDefaultPort() {
        assertTrue(SameOrigin.allows("http://127.0.0.1:8080", null, SERVICE));
        assertTrue(SameOrigin.allows(null, "http://127.0.0.1:8080/login?next=/", SERVICE));
        assertTrue(
                SameOrigin.allows("https://snippets.example", null, URI.create("https://snippets.example:443/api/")));
    }

    @Test
    void anyOtherOriginIsRefused() {
        assertFalse(SameOrigin.allows("https://evil.example", null, SERVICE));
        assertFalse(SameOrigin.allows("http://127.0.0.1:8081", null, SERVICE));
        assertFalse(SameOrigin.allows("https://127.0.0.1:8080", null, SERVICE));
        assertFalse(SameOrigin.allows("null", null, SERVICE));
        assertFalse(SameOrigin.allows("not a url", null, SERVICE));
        assertFalse(SameOrigin.allows(null, "https://evil.example/page", SERVICE));
        assertFalse(
                SameOrigin.allows("https://evil.example", "http://127.0.0.1:8080/", SERVICE),
                "Origin decides when present");
    }
}
