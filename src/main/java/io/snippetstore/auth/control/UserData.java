package io.snippetstore.auth.control;

import java.time.Instant;

import io.snippetstore.auth.entity.User;
import io.snippetstore.platform.security.Role;

/** A user account as the use cases hand it out: never its password hash. */
public record UserData(
        String id,
        String username,
        Role role,
        Instant createdAt,
        boolean disabled,
        boolean passwordTemporary,
        boolean fromProvider,
        String displayName,
        String email) {

    static UserData of(User user) {
        return new UserData(
                user.id(),
                user.username(),
                user.role(),
                user.createdAt(),
                user.isDisabled(),
                user.isPasswordTemporary(),
                user.isFromProvider(),
                user.displayName(),
                user.email());
    }
}
