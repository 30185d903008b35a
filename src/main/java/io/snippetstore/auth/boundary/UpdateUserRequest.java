package io.snippetstore.auth.boundary;

import io.snippetstore.platform.security.Role;
import jakarta.validation.constraints.Pattern;

/** The body of {@code PATCH /users/{id}}: each field present changes that, an absent one leaves it. */
public record UpdateUserRequest(
        @Pattern(regexp = "admin|user", message = "must be 'admin' or 'user'")
        String role,

        Boolean disabled) {

    Role roleOrNull() {
        return role == null ? null : Role.fromApiName(role);
    }
}
