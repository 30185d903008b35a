package io.snippetstore.auth.boundary;

import io.snippetstore.auth.entity.User;
import io.snippetstore.platform.CodePoints;
import jakarta.validation.constraints.NotNull;

/**
 * The body of {@code PUT /users/{id}/password}: an administrator's reset; {@code revokeTokens}
 * (default false) also revokes the user's API tokens; {@code temporary} (default false) makes the
 * user change it at their next sign-in.
 */
public record SetPasswordRequest(
        @NotNull @CodePoints(min = User.PASSWORD_MIN, max = User.PASSWORD_MAX)
        String password,

        Boolean revokeTokens,
        Boolean temporary) {}
