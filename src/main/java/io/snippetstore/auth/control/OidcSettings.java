package io.snippetstore.auth.control;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Arrays;
import java.util.List;
import java.util.Optional;
import java.util.stream.Stream;

import io.snippetstore.platform.Settings;
import jakarta.annotation.PostConstruct;
import jakarta.ejb.Lock;
import jakarta.ejb.LockType;
import jakarta.ejb.Singleton;
import jakarta.ejb.Startup;
import jakarta.inject.Inject;
import org.eclipse.microprofile.config.inject.ConfigProperty;

/**
 * The OpenID Connect provider's settings: none without {@code SNIPPETS_OIDC_ISSUER}. With an
 * issuer, a client id and a secret (or a secret file) are required: a deployment missing them
 * fails at start, with the setting named, rather than at the first sign-in: a start-up bean, since
 * an application-scoped one is made at its first use (a sign-in then answered 500).
 */
@Singleton
@Startup
@Lock(LockType.READ)
public class OidcSettings {

    @Inject
    @ConfigProperty(name = Settings.OIDC_ISSUER)
    Optional<String> issuer;

    @Inject
    @ConfigProperty(name = Settings.OIDC_CLIENT_ID)
    Optional<String> clientId;

    @Inject
    @ConfigProperty(name = Settings.OIDC_CLIENT_SECRET)
    Optional<String> clientSecret;

    @Inject
    @ConfigProperty(name = Settings.OIDC_CLIENT_SECRET_FILE)
    Optional<String> clientSecretFile;

    @Inject
    @ConfigProperty(name = Settings.OIDC_SCOPES, defaultValue = Settings.OIDC_SCOPES_DEFAULT)
    String scopes;

    @Inject
    @ConfigProperty(name = Settings.OIDC_USERNAME_CLAIM, defaultValue = Settings.OIDC_USERNAME_CLAIM_DEFAULT)
    String usernameClaim;

    @Inject
    @ConfigProperty(name = Settings.OIDC_NAME_CLAIM, defaultValue = Settings.OIDC_NAME_CLAIM_DEFAULT)
    String nameClaim;

    @Inject
    @ConfigProperty(name = Settings.OIDC_EMAIL_CLAIM, defaultValue = Settings.OIDC_EMAIL_CLAIM_DEFAULT)
    String emailClaim;

    @Inject
    @ConfigProperty(name = Settings.OIDC_GROUPS_CLAIM, defaultValue = Settings.OIDC_GROUPS_CLAIM_DEFAULT)
    String groupsClaim;

    @Inject
    @ConfigProperty(name = Settings.OIDC_ADMIN_GROUP)
    Optional<String> adminGroup;

    @Inject
    @ConfigProperty(name = Settings.OIDC_DISPLAY_NAME, defaultValue = Settings.OIDC_DISPLAY_NAME_DEFAULT)
    String displayName;

    private String secret;

    @PostConstruct
    void check() {
        if (!enabled()) {
            return;
        }
        if (clientId.filter(id -> !id.isBlank()).isEmpty()) {
            throw new IllegalStateException(Settings.OIDC_ISSUER + " is set: set " + Settings.OIDC_CLIENT_ID + " too");
        }
        secret = clientSecret
                .filter(value -> !value.isBlank())
                .or(() -> clientSecretFile.filter(file -> !file.isBlank()).map(OidcSettings::read))
                .orElseThrow(() -> new IllegalStateException(Settings.OIDC_ISSUER + " is set: set "
                        + Settings.OIDC_CLIENT_SECRET + " or " + Settings.OIDC_CLIENT_SECRET_FILE + " too"));
    }

    private static String read(String file) {
        try {
            return Files.readString(Path.of(file), StandardCharsets.UTF_8).strip();
        } catch (IOException e) {
            throw new IllegalStateException(
                    Settings.OIDC_CLIENT_SECRET_FILE + ": cannot read " + file + " (" + e.getMessage() + ")", e);
        }
    }

    public boolean enabled() {
        return issuer.filter(value -> !value.isBlank()).isPresent();
    }

    public String issuer() {
        return issuer.orElseThrow().strip();
    }

    public String clientId() {
        return clientId.orElseThrow().strip();
    }

    public String clientSecret() {
        return secret;
    }

    public List<String> scopes() {
        List<String> listed = Arrays.stream(scopes.split("[\\s,]+"))
                .filter(scope -> !scope.isEmpty())
                .toList();
        return listed.contains("openid")
                ? listed
                : Stream.concat(Stream.of("openid"), listed.stream()).toList();
    }

    public String usernameClaim() {
        return usernameClaim;
    }

    public String nameClaim() {
        return nameClaim;
    }

    public String emailClaim() {
        return emailClaim;
    }

    public String groupsClaim() {
        return groupsClaim;
    }

    public Optional<String> adminGroup() {
        return adminGroup.map(String::strip).filter(group -> !group.isEmpty());
    }

    public String displayName() {
        return displayName;
    }
}
