package io.snippetstore.auth.control;

import java.time.Duration;
import java.time.Instant;
import java.util.concurrent.atomic.AtomicReference;

import io.snippetstore.platform.security.Caller;

/**
 * A token found live in the database: whom it stands for, until when, and when its use was
 * last recorded (kept to {@link #USE_RESOLUTION}, so that authenticating is not a write per request).
 */
public final class LiveToken {

    static final Duration USE_RESOLUTION = Duration.ofMinutes(1);

    private final String id;
    private final Caller caller;
    private final Instant expiresAt;
    private final AtomicReference<Instant> useRecordedAt;

    LiveToken(String id, Caller caller, Instant expiresAt, Instant lastUsedAt) {
        this.id = id;
        this.caller = caller;
        this.expiresAt = expiresAt;
        this.useRecordedAt = new AtomicReference<>(lastUsedAt);
    }

    String id() {
        return id;
    }

    Caller caller() {
        return caller;
    }

    boolean isExpiredAt(Instant now) {
        return expiresAt != null && !now.isBefore(expiresAt);
    }

    /** True for one caller only once the recorded use is older than the resolution: that caller records this use. */
    boolean claimUseRecord(Instant now) {
        Instant recorded = useRecordedAt.get();
        return (recorded == null || recorded.plus(USE_RESOLUTION).isBefore(now))
                && useRecordedAt.compareAndSet(recorded, now);
    }
}
