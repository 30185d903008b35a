package io.snippetstore.auth.control;

import java.security.Principal;

import io.snippetstore.auth.entity.Role;
import io.snippetstore.auth.entity.User;

/** Who is calling, and with which credential: the principal of every authenticated request. */
public record Caller(String userId, String username, Role role, AuthMethod authMethod) implements Principal {

    public enum AuthMethod {
        SESSION, TOKEN
    }

    public static Caller of(User user, AuthMethod method) {
        return new Caller(user.id(), user.username(), user.role(), method);
    }

    @Override
    public String getName() {
        return userId;
    }

    public boolean isAdmin() {
        return role == Role.ADMIN;
    }
}
