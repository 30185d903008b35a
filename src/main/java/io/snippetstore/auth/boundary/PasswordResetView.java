package io.snippetstore.auth.boundary;

import io.snippetstore.auth.control.CredentialsEnded;
import io.snippetstore.auth.control.UserData;
import io.snippetstore.platform.Timestamps;
import jakarta.json.bind.annotation.JsonbPropertyOrder;

/** The answer to an administrator's password reset: the user, as {@link UserView}, and what the reset ended. */
@JsonbPropertyOrder({"id", "username", "role", "createdAt", "disabled", "sessionsEnded", "tokensRevoked"})
public record PasswordResetView(String id, String username, String role, String createdAt, boolean disabled,
                                int sessionsEnded, int tokensRevoked) {

    static PasswordResetView of(UserData user, CredentialsEnded ended) {
        return new PasswordResetView(user.id(), user.username(), user.role().apiName(), Timestamps.format(user.createdAt()),
                user.disabled(), ended.sessionsEnded(), ended.tokensRevoked());
    }
}
