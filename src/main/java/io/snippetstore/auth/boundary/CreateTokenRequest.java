package io.snippetstore.auth.boundary;

import java.util.List;

import io.snippetstore.auth.entity.ApiToken;
import io.snippetstore.platform.CodePoints;
import jakarta.validation.constraints.Max;
import jakarta.validation.constraints.Min;
import jakarta.validation.constraints.NotBlank;
import jakarta.validation.constraints.NotNull;
import jakarta.validation.constraints.Size;

/**
 * The body of {@code POST /auth/tokens}; without {@code scopes}, all the caller's role may hold;
 * with {@code collections}, only the snippets of those collections.
 */
public record CreateTokenRequest(
        @NotBlank @CodePoints(min = 1, max = ApiToken.NAME_MAX)
        String name,

        @Min(1) @Max(ApiToken.EXPIRES_IN_DAYS_MAX) Integer expiresInDays,

        @Size(max = ApiToken.SCOPES_MAX) List<@NotNull String> scopes,

        @Size(min = 1, max = ApiToken.COLLECTIONS_MAX) List<@NotNull String> collections) {}
