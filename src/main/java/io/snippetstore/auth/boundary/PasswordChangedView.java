package io.snippetstore.auth.boundary;

import io.snippetstore.auth.control.CredentialsEnded;

/** The answer to a password change or reset: what else it ended. */
public record PasswordChangedView(boolean passwordChanged, int otherSessionsEnded, int tokensRevoked) {

    static PasswordChangedView of(CredentialsEnded ended) {
        return new PasswordChangedView(true, ended.sessionsEnded(), ended.tokensRevoked());
    }
}
