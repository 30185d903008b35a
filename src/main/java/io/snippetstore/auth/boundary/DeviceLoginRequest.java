package io.snippetstore.auth.boundary;

import java.util.List;

import io.snippetstore.auth.entity.ApiToken;
import io.snippetstore.platform.CodePoints;
import jakarta.validation.constraints.Max;
import jakarta.validation.constraints.Min;
import jakarta.validation.constraints.NotNull;
import jakarta.validation.constraints.Pattern;
import jakarta.validation.constraints.Size;

/**
 * The body of {@code POST /auth/device}: the name of the token the login will make ({@code CLI}
 * when absent), the scopes it asks for (names separated by spaces; absent: the role's defaults),
 * the collections it is to be limited to (absent: none) and the days it lives (absent: as a
 * login's token does).
 */
public record DeviceLoginRequest(
        @Pattern(regexp = "(?s).*\\S.*", message = "must not be blank") @CodePoints(min = 1, max = ApiToken.NAME_MAX)
        String name,

        @Size(max = TokenScopes.SPACED_MAX) String scope,

        @Size(min = 1, max = ApiToken.COLLECTIONS_MAX) List<@NotNull String> collections,

        @Min(1) @Max(ApiToken.EXPIRES_IN_DAYS_MAX) Integer expiresInDays) {

    String tokenName() {
        return name == null ? BrowserLoginRequest.DEFAULT_NAME : name;
    }
}
