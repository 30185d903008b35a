package io.snippetstore.auth.control;

/** What a password change ended besides: the user's other sessions, and their API tokens when asked. */
public record CredentialsEnded(int sessionsEnded, int tokensRevoked) {

    String describe() {
        return sessionsEnded + (sessionsEnded == 1 ? " other session" : " other sessions") + " ended, " + tokensRevoked
                + (tokensRevoked == 1 ? " token" : " tokens") + " revoked";
    }
}
