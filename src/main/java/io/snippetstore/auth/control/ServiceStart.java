package io.snippetstore.auth.control;

import java.time.Instant;

import io.snippetstore.platform.Timestamps;
import jakarta.annotation.PostConstruct;
import jakarta.ejb.Lock;
import jakarta.ejb.LockType;
import jakarta.ejb.Singleton;
import jakarta.ejb.Startup;

/**
 * When this run of the service began. The containers keep sessions in memory, so a restart ends
 * every browser session while their records stay: a record neither made nor used since the start
 * stands for a session that is gone, and is not listed as one the user is signed in with.
 */
@Singleton
@Startup
@Lock(LockType.READ)
public class ServiceStart {

    private Instant startedAt;

    @PostConstruct
    void record() {
        startedAt = Timestamps.now();
    }

    public Instant startedAt() {
        return startedAt;
    }
}
