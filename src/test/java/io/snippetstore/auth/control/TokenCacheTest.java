package io.snippetstore.auth.control;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.time.Instant;
import java.util.Optional;

import io.snippetstore.platform.security.Caller;
import io.snippetstore.platform.security.Role;
import org.junit.jupiter.api.Test;

class TokenCacheTest {

    private static final Instant NOW = Instant.parse("2026-11-23T10:00:00Z");
    private static final Caller ALICE = new Caller("u1", "alice", Role.USER, Caller.AuthMethod.TOKEN);

    private final TokenCache cache = new TokenCache();

    private static LiveToken token(Instant expiresAt, Instant lastUsedAt) {
        return new LiveToken("t1", ALICE, expiresAt, lastUsedAt);
    }

    @Test
    void aRememberedTokenIsFoundByItsHash() {
        LiveToken token = token(null, null);
        cache.remember("hash", token, cache.generation(), NOW);

        assertEquals(Optional.of(token), cache.find("hash", NOW.plusSeconds(1)));
        assertEquals(Optional.empty(), cache.find("other", NOW.plusSeconds(1)));
    }

    @Test
    void forgettingDropsEveryEntryAndRefusesOnesReadBefore() {
        long readBefore = cache.generation();
        cache.remember("hash", token(null, null), readBefore, NOW);

        cache.forgetAll();
        cache.remember("late", token(null, null), readBefore, NOW);

        assertEquals(Optional.empty(), cache.find("hash", NOW));
        assertEquals(Optional.empty(), cache.find("late", NOW), "read before the change, remembered after it");
    }

    @Test
    void anEntryIsReadAgainAfterItsMaximumAge() {
        cache.remember("hash", token(null, null), cache.generation(), NOW);

        assertTrue(
                cache.find("hash", NOW.plus(TokenCache.MAX_AGE).minusMillis(1)).isPresent());
        assertEquals(Optional.empty(), cache.find("hash", NOW.plus(TokenCache.MAX_AGE)));
    }

    @Test
    void aCachedTokenExpiresAtItsExpiryInstant() {
        LiveToken token = token(NOW.plusSeconds(10), null);

        assertFalse(token.isExpiredAt(NOW.plusSeconds(9)));
        assertTrue(token.isExpiredAt(NOW.plusSeconds(10)));
    }

    @Test
    void aUseIsRecordedByOneCallerOncePerResolution() {
        LiveToken token = token(null, NOW);

        assertFalse(token.claimUseRecord(NOW.plusSeconds(30)), "recorded a moment ago");
        Instant later = NOW.plus(LiveToken.USE_RESOLUTION).plusSeconds(1);
        assertTrue(token.claimUseRecord(later));
        assertFalse(token.claimUseRecord(later), "already claimed");
        assertTrue(token(null, null).claimUseRecord(NOW), "never recorded");
    }

    @Test
    void theCacheStaysBounded() {
        for (int i = 0; i <= TokenCache.MAX_ENTRIES; i++) {
            cache.remember("hash" + i, token(null, null), cache.generation(), NOW);
        }

        assertTrue(cache.find("hash" + TokenCache.MAX_ENTRIES, NOW).isPresent());
        assertEquals(Optional.empty(), cache.find("hash0", NOW), "the full cache was emptied before the newest entry");
    }
}
