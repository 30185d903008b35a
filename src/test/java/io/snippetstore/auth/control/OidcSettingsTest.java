package io.snippetstore.auth.control;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Optional;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * What the start-up check of the provider's settings names when one is missing (docs/API.md,
 * "Single sign-on"). That a failing check stops the deployment is ProviderSettingsAtStartIT's.
 */
class OidcSettingsTest {

    @TempDir
    Path directory;

    private static OidcSettings withIssuer(Optional<String> clientId, Optional<String> secret, Optional<String> file) {
        OidcSettings settings = new OidcSettings();
        settings.issuer = Optional.of("http://127.0.0.1:9/realms/nowhere");
        settings.clientId = clientId;
        settings.clientSecret = secret;
        settings.clientSecretFile = file;
        return settings;
    }

    @Test
    void anIssuerWithoutAClientIdNamesTheClientId() {
        IllegalStateException refused = assertThrows(
                IllegalStateException.class,
                () -> withIssuer(Optional.of(" "), Optional.of("a-secret"), Optional.empty())
                        .check());

        assertEquals("SNIPPETS_OIDC_ISSUER is set: set SNIPPETS_OIDC_CLIENT_ID too", refused.getMessage());
    }

    @Test
    void anIssuerWithoutASecretNamesBothWaysToGiveIt() {
        IllegalStateException refused = assertThrows(
                IllegalStateException.class,
                () -> withIssuer(Optional.of("snippet-store"), Optional.empty(), Optional.of(""))
                        .check());

        assertEquals(
                "SNIPPETS_OIDC_ISSUER is set: set SNIPPETS_OIDC_CLIENT_SECRET or SNIPPETS_OIDC_CLIENT_SECRET_FILE too",
                refused.getMessage());
    }

    @Test
    void aSecretFileIsReadAndStripped() throws Exception {
        Path file = Files.writeString(directory.resolve("secret"), "from-a-file\n");
        OidcSettings settings =
                withIssuer(Optional.of("snippet-store"), Optional.empty(), Optional.of(file.toString()));

        settings.check();

        assertEquals("from-a-file", settings.clientSecret());
    }

    @Test
    void noIssuerNeedsNothingElse() {
        OidcSettings settings = new OidcSettings();
        settings.issuer = Optional.empty();
        settings.clientId = Optional.empty();
        settings.clientSecret = Optional.empty();
        settings.clientSecretFile = Optional.empty();

        settings.check();

        assertEquals(false, settings.enabled());
    }
}
