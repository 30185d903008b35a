package io.snippetstore.auth.boundary;

import io.snippetstore.auth.control.UserData;
import io.snippetstore.platform.Timestamps;
import jakarta.json.bind.annotation.JsonbNillable;
import jakarta.json.bind.annotation.JsonbPropertyOrder;

/**
 * A user on the wire: never the password hash. {@code source} is {@code local} (an account made
 * here) or {@code provider} (an identity provider's); {@code passwordTemporary}: the user must
 * change the password an administrator set before anything else works.
 */
@JsonbNillable
@JsonbPropertyOrder({
    "id",
    "username",
    "role",
    "createdAt",
    "disabled",
    "source",
    "displayName",
    "email",
    "passwordTemporary"
})
public record UserView(
        String id,
        String username,
        String role,
        String createdAt,
        boolean disabled,
        String source,
        String displayName,
        String email,
        boolean passwordTemporary) {

    static UserView of(UserData user) {
        return new UserView(
                user.id(),
                user.username(),
                user.role().apiName(),
                Timestamps.format(user.createdAt()),
                user.disabled(),
                user.fromProvider() ? "provider" : "local",
                user.displayName(),
                user.email(),
                user.passwordTemporary());
    }
}
