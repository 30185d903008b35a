package io.snippetstore.auth.boundary;

import io.snippetstore.auth.entity.User;
import io.snippetstore.platform.CodePoints;
import jakarta.validation.constraints.NotNull;

/**
 * The body of {@code POST /auth/password}: the user's own change, with the current password;
 * {@code revokeTokens} (default false) also revokes every API token of the user.
 */
public record ChangePasswordRequest(
        @NotNull @CodePoints(max = User.PASSWORD_MAX) String currentPassword,

        @NotNull @CodePoints(min = User.PASSWORD_MIN, max = User.PASSWORD_MAX)
        String newPassword,

        Boolean revokeTokens) {}
