package io.snippetstore.auth.boundary;

import io.snippetstore.auth.control.UserData;
import io.snippetstore.platform.Timestamps;
import jakarta.json.bind.annotation.JsonbPropertyOrder;

/** A user on the wire: never the password hash. */
@JsonbPropertyOrder({"id", "username", "role", "createdAt", "disabled"})
public record UserView(String id, String username, String role, String createdAt, boolean disabled) {

    static UserView of(UserData user) {
        return new UserView(user.id(), user.username(), user.role().apiName(), Timestamps.format(user.createdAt()), user.disabled());
    }
}
