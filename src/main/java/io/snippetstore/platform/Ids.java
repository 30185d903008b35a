package io.snippetstore.platform;

import java.time.Instant;

import com.github.f4b6a3.uuid.UuidCreator;

/** New identifiers: time-ordered UUIDv7 strings, so that ids sort by creation. */
public final class Ids {

    private Ids() {}

    public static String next() {
        return UuidCreator.getTimeOrderedEpoch().toString();
    }

    /** A new identifier that sorts as if it had been created at {@code instant}. */
    public static String at(Instant instant) {
        return UuidCreator.getTimeOrderedEpoch(instant).toString();
    }
}
