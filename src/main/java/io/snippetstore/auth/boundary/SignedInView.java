package io.snippetstore.auth.boundary;

import io.snippetstore.auth.control.UserData;
import jakarta.json.bind.annotation.JsonbPropertyOrder;

/** The answer to a successful login. */
@JsonbPropertyOrder({"userId", "username", "role"})
public record SignedInView(String userId, String username, String role) {

    static SignedInView of(UserData user) {
        return new SignedInView(user.id(), user.username(), user.role().apiName());
    }
}
