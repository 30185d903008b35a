package io.snippetstore.auth.boundary;

import io.snippetstore.auth.entity.User;
import io.snippetstore.platform.CodePoints;
import io.snippetstore.platform.Text;
import jakarta.validation.constraints.NotNull;

/** The body of {@code POST /auth/login}. Limits as for creating a user: longer values cannot be anyone's, and are refused before any work. */
public record LoginRequest(
        @NotNull @CodePoints(max = User.USERNAME_MAX) String username,
        @NotNull @CodePoints(max = User.PASSWORD_MAX) String password) {
    public LoginRequest {
        username = Text.stripped(username);
    }
}
