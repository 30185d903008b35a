package io.snippetstore.auth.boundary;

import io.snippetstore.auth.entity.User;
import io.snippetstore.platform.CodePoints;
import io.snippetstore.platform.Text;
import io.snippetstore.platform.security.Role;
import jakarta.validation.constraints.NotNull;
import jakarta.validation.constraints.Pattern;

/**
 * The body of {@code POST /users}; the role is {@code user} unless it says {@code admin}; with
 * {@code temporary} (default false) the user must change the password at the first sign-in.
 */
public record CreateUserRequest(
        @NotNull
        @CodePoints(min = User.USERNAME_MIN, max = User.USERNAME_MAX)
        @Pattern(regexp = User.USERNAME_PATTERN, message = "may contain only letters, digits, '.', '_' and '-'")
        String username,

        @NotNull @CodePoints(min = User.PASSWORD_MIN, max = User.PASSWORD_MAX)
        String password,

        @Pattern(regexp = "admin|user", message = "must be 'admin' or 'user'")
        String role,

        Boolean temporary) {

    public CreateUserRequest {
        username = Text.stripped(username);
    }

    Role roleOrDefault() {
        return role == null ? Role.USER : Role.fromApiName(role);
    }
}
