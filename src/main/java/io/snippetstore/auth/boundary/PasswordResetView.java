package io.snippetstore.auth.boundary;

import io.snippetstore.auth.control.CredentialsEnded;
import io.snippetstore.auth.control.UserData;
import jakarta.json.bind.annotation.JsonbNillable;
import jakarta.json.bind.annotation.JsonbPropertyOrder;

/** The answer to an administrator's password reset: the user, every field of {@link UserView}, and what the reset ended. */
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
    "passwordTemporary",
    "sessionsEnded",
    "tokensRevoked"
})
public record PasswordResetView(
        String id,
        String username,
        String role,
        String createdAt,
        boolean disabled,
        String source,
        String displayName,
        String email,
        boolean passwordTemporary,
        int sessionsEnded,
        int tokensRevoked) {

    static PasswordResetView of(UserData user, CredentialsEnded ended) {
        UserView view = UserView.of(user);
        return new PasswordResetView(
                view.id(),
                view.username(),
                view.role(),
                view.createdAt(),
                view.disabled(),
                view.source(),
                view.displayName(),
                view.email(),
                view.passwordTemporary(),
                ended.sessionsEnded(),
                ended.tokensRevoked());
    }
}
