package io.snippetstore.auth.boundary;

import static org.junit.jupiter.api.Assertions.assertEquals;

import org.junit.jupiter.api.Test;

class OidcResourceTest {

    @Test
    void aNextWithinThisServiceIsKeptAndAnythingElseIsTheStartPage() {
        assertEquals("/#/s/42", OidcResource.safeNext("/#/s/42"));
        assertEquals(
                "/api/v1/auth/browser-login?port=5000&state=x",
                OidcResource.safeNext("/api/v1/auth/browser-login?port=5000&state=x"));
        for (String elsewhere : new String[] {
            null,
            "",
            "https://evil.example/",
            "//evil.example/x",
            "/\\evil.example",
            "javascript:alert(1)",
            "relative/path",
            "/line\nbreak"
        }) {
            assertEquals("/", OidcResource.safeNext(elsewhere), String.valueOf(elsewhere));
        }
    }

    @Test
    void theProvidersErrorIsRecordedAsAShortToken() {
        assertEquals("access_denied", OidcResource.errorCode("access_denied"));
        assertEquals("scriptalert1script", OidcResource.errorCode("<script>alert(1)</script>"));
        assertEquals(64, OidcResource.errorCode("x".repeat(10_000)).length());
    }
}
