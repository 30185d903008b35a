package io.snippetstore.auth.control;

import java.util.Optional;

/** What a device client's poll learns: still pending, too soon, denied, expired, unknown or used, or its token. */
public record DevicePoll(Outcome outcome, Optional<IssuedToken> token) {

    public enum Outcome {
        PENDING,
        SLOW_DOWN,
        DENIED,
        EXPIRED,
        INVALID,
        ISSUED
    }

    static DevicePoll of(Outcome outcome) {
        return new DevicePoll(outcome, Optional.empty());
    }

    static DevicePoll issued(IssuedToken token) {
        return new DevicePoll(Outcome.ISSUED, Optional.of(token));
    }
}
