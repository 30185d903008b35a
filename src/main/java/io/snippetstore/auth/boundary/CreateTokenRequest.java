package io.snippetstore.auth.boundary;

import io.snippetstore.auth.entity.ApiToken;
import io.snippetstore.platform.CodePoints;
import jakarta.validation.constraints.Max;
import jakarta.validation.constraints.Min;
import jakarta.validation.constraints.NotBlank;

/** The body of {@code POST /auth/tokens}. */
public record CreateTokenRequest(
        @NotBlank @CodePoints(min = 1, max = ApiToken.NAME_MAX)
        String name,

        @Min(1) @Max(ApiToken.EXPIRES_IN_DAYS_MAX) Integer expiresInDays) {}
