package io.snippetstore.auth.boundary;

import java.util.List;

import io.snippetstore.auth.entity.ApiToken;
import jakarta.validation.constraints.NotNull;
import jakarta.validation.constraints.Size;

/** The body of {@code PATCH /auth/tokens/{id}}: the scopes the token keeps. */
public record NarrowTokenRequest(
        @NotNull @Size(max = ApiToken.SCOPES_MAX) List<@NotNull String> scopes) {}
