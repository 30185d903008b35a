package io.snippetstore.auth.control;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;

import java.util.Optional;

import io.snippetstore.platform.ApiException;
import org.junit.jupiter.api.Test;

class TokenLifetimesTest {

    private static TokenLifetimes of(int loginDays, int maxDays) {
        TokenLifetimes lifetimes = new TokenLifetimes();
        lifetimes.loginDays = loginDays;
        lifetimes.maxDays = maxDays;
        lifetimes.check();
        return lifetimes;
    }

    @Test
    void withoutACeilingATokenLivesAsAskedAndALoginsAsSet() {
        TokenLifetimes lifetimes = of(90, 0);

        assertEquals(Optional.empty(), lifetimes.forRequested(Optional.empty()), "until revoked");
        assertEquals(Optional.of(3650), lifetimes.forRequested(Optional.of(3650)));
        assertEquals(Optional.of(90), lifetimes.forLogin());
        assertEquals(Optional.empty(), of(0, 0).forLogin());
    }

    @Test
    void aCeilingBoundsEveryNewTokenAndRefusesOneAskedForLonger() {
        TokenLifetimes lifetimes = of(0, 30);

        assertEquals(Optional.of(30), lifetimes.forRequested(Optional.empty()), "none asked: the ceiling");
        assertEquals(Optional.of(7), lifetimes.forRequested(Optional.of(7)));
        assertEquals(Optional.of(30), lifetimes.forRequested(Optional.of(30)));
        ApiException refused = assertThrows(ApiException.class, () -> lifetimes.forRequested(Optional.of(31)));
        assertEquals("validation_failed", refused.code());
        assertEquals("expiresInDays", refused.details().get(0).field());
        assertEquals(Optional.of(30), lifetimes.forLogin(), "a login's token never-expiring, within the ceiling");
        assertEquals(Optional.of(30), of(90, 30).forLogin());
    }

    @Test
    void aSettingOutOfRangeStopsTheDeploymentNamingIt() {
        IllegalStateException stopped = assertThrows(IllegalStateException.class, () -> of(90, 3651));

        assertEquals("SNIPPETS_TOKEN_MAX_DAYS must be from 0 (none) to 3650 days, not 3651", stopped.getMessage());
    }
}
