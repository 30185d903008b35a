package io.snippetstore.auth.boundary;

import io.snippetstore.auth.entity.ApiToken;
import io.snippetstore.platform.CodePoints;
import jakarta.validation.constraints.Pattern;

/** The body of {@code POST /auth/device}: the name of the token the login will make ({@code CLI} when absent). */
public record DeviceLoginRequest(
        @Pattern(regexp = "(?s).*\\S.*", message = "must not be blank") @CodePoints(min = 1, max = ApiToken.NAME_MAX)
        String name) {

    String tokenName() {
        return name == null ? BrowserLoginRequest.DEFAULT_NAME : name;
    }
}
