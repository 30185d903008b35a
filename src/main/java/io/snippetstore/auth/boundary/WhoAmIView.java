package io.snippetstore.auth.boundary;

import java.time.Instant;
import java.util.List;

import io.snippetstore.auth.entity.ApiToken;
import io.snippetstore.platform.Timestamps;
import io.snippetstore.platform.security.Caller;
import jakarta.json.bind.annotation.JsonbNillable;
import jakarta.json.bind.annotation.JsonbPropertyOrder;

/**
 * The caller, as {@code GET /auth/whoami} shows it: with a token, what it may be used for and
 * when it expires ({@code null}: never, and always for a session, whose scopes are all), and the
 * collections it is limited to ({@code null}: none, and always for a session).
 */
@JsonbNillable
@JsonbPropertyOrder({"userId", "username", "role", "authMethod", "scopes", "collections", "expiresAt", "expiresSoon"})
public record WhoAmIView(
        String userId,
        String username,
        String role,
        String authMethod,
        List<String> scopes,
        List<String> collections,
        String expiresAt,
        boolean expiresSoon) {

    static WhoAmIView of(Caller caller) {
        Instant expiresAt = caller.expiresAt().orElse(null);
        return new WhoAmIView(
                caller.userId(),
                caller.username(),
                caller.role().apiName(),
                caller.authMethod().apiName(),
                TokenScopes.names(caller.scopes()),
                caller.collections().map(ids -> ids.stream().sorted().toList()).orElse(null),
                Timestamps.format(expiresAt),
                ApiToken.expiresSoon(expiresAt, Timestamps.now()));
    }
}
