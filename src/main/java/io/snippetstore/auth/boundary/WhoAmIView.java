package io.snippetstore.auth.boundary;

import io.snippetstore.platform.security.Caller;
import jakarta.json.bind.annotation.JsonbPropertyOrder;

/** The caller, as {@code GET /auth/whoami} shows it. */
@JsonbPropertyOrder({"userId", "username", "role", "authMethod"})
public record WhoAmIView(String userId, String username, String role, String authMethod) {

    static WhoAmIView of(Caller caller) {
        return new WhoAmIView(
                caller.userId(),
                caller.username(),
                caller.role().apiName(),
                caller.authMethod().apiName());
    }
}
