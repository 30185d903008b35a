package io.snippetstore.auth.boundary;

import io.snippetstore.auth.control.UserData;
import jakarta.json.bind.annotation.JsonbPropertyOrder;

/** The answer to a successful login; {@code passwordChangeRequired}: the password is temporary, change it before anything else. */
@JsonbPropertyOrder({"userId", "username", "role", "passwordChangeRequired"})
public record SignedInView(String userId, String username, String role, boolean passwordChangeRequired) {

    static SignedInView of(UserData user) {
        return new SignedInView(user.id(), user.username(), user.role().apiName(), user.passwordTemporary());
    }
}
