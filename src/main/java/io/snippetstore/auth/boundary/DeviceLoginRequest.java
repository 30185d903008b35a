package io.snippetstore.auth.boundary;

import io.snippetstore.auth.entity.ApiToken;
import io.snippetstore.platform.CodePoints;
import jakarta.validation.constraints.Pattern;
import jakarta.validation.constraints.Size;

/**
 * The body of {@code POST /auth/device}: the name of the token the login will make ({@code CLI}
 * when absent), and the scopes it asks for (names separated by spaces; absent: the role's defaults).
 */
public record DeviceLoginRequest(
        @Pattern(regexp = "(?s).*\\S.*", message = "must not be blank") @CodePoints(min = 1, max = ApiToken.NAME_MAX)
        String name,

        @Size(max = TokenScopes.SPACED_MAX) String scope) {

    String tokenName() {
        return name == null ? BrowserLoginRequest.DEFAULT_NAME : name;
    }
}
