package io.snippetstore.storage.control;

import io.snippetstore.platform.ApiException;
import io.snippetstore.platform.Settings;
import jakarta.enterprise.context.ApplicationScoped;
import jakarta.inject.Inject;
import jakarta.persistence.EntityManager;
import jakarta.persistence.PersistenceContext;
import org.eclipse.microprofile.config.inject.ConfigProperty;

/**
 * The bytes one user may store ({@link Settings#USER_QUOTA_BYTES}), checked inside a write's
 * transaction against the figure that migration V12's triggers keep in {@code user_storage}: a
 * write that takes its owner past the quota fails with {@code 413 quota_exceeded} and is rolled
 * back. A write that does not grow what the owner stores always passes, so a user over a lowered
 * quota can still tidy up. No cost when no quota is set.
 */
@ApplicationScoped
public class StorageQuota {

    private static final String USED_BYTES = "SELECT bytes FROM user_storage WHERE user_id = ?1";

    @PersistenceContext
    EntityManager em;

    @Inject
    @ConfigProperty(name = Settings.USER_QUOTA_BYTES, defaultValue = Settings.USER_QUOTA_BYTES_DEFAULT)
    long quotaBytes;

    public boolean isSet() {
        return quotaBytes > 0;
    }

    /** What the user stores with this transaction's changes so far; 0 when no quota is set (then nothing is read). */
    public long usedBytes(String userId) {
        if (!isSet()) {
            return 0;
        }
        em.flush(); // the triggers count what is written
        Object bytes = em.createNativeQuery(USED_BYTES)
                .setParameter(1, userId)
                .getResultStream()
                .findFirst()
                .orElse(0L);
        return ((Number) bytes).longValue();
    }

    /** After a write that added bytes: 413 once the owner stores more than the quota. */
    public void requireWithin(String userId) {
        requireWithin(userId, Long.MIN_VALUE);
    }

    /** After a write: 413 when the owner now stores more than the quota and more than {@code usedBefore}, read before it. */
    public void requireWithin(String userId, long usedBefore) {
        if (!isSet()) {
            return;
        }
        long used = usedBytes(userId);
        if (used > quotaBytes && used > usedBefore) {
            throw ApiException.quotaExceeded(quotaBytes);
        }
    }
}
