package io.snippetstore.auth;

import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Path;
import java.util.HashMap;
import java.util.List;
import java.util.Map;

import io.snippetstore.testing.OwnPayaraMicro;
import io.snippetstore.testing.TestTags;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * A deployment naming an identity provider but missing a setting the sign-in needs does not start
 * (docs/API.md, "Single sign-on"), and its log names the missing setting: found missing at the
 * first sign-in instead, the service answered it with a 500. Payara Micro of the test's own; what
 * the check names for each missing setting is OidcSettingsTest's (one start here is enough).
 */
@Tag(TestTags.OWN_SERVER)
class ProviderSettingsAtStartIT {

    private static final String ISSUER = "http://127.0.0.1:9/realms/nowhere";

    @TempDir
    Path data;

    /** An issuer and {@code kept} (set to a value), every other provider setting of the suite's environment removed. */
    private Map<String, String> provider(String... kept) {
        Map<String, String> environment = new HashMap<>();
        environment.put("SNIPPETS_DATA_DIR", data.toString());
        for (String setting :
                List.of("SNIPPETS_OIDC_CLIENT_ID", "SNIPPETS_OIDC_CLIENT_SECRET", "SNIPPETS_OIDC_CLIENT_SECRET_FILE")) {
            environment.put(setting, List.of(kept).contains(setting) ? "a-value" : null);
        }
        environment.put("SNIPPETS_OIDC_ISSUER", ISSUER);
        return environment;
    }

    @Test
    void anIssuerWithoutAClientIdStopsTheDeploymentNamingTheSetting() throws Exception {
        String log =
                OwnPayaraMicro.logOfAFailedStart("provider-without-client-id", provider("SNIPPETS_OIDC_CLIENT_SECRET"));

        assertTrue(
                log.contains("SNIPPETS_OIDC_ISSUER is set: set SNIPPETS_OIDC_CLIENT_ID too"),
                "see target/provider-without-client-id-server.log");
    }
}
