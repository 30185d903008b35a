package io.snippetstore.platform;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.time.Instant;
import java.util.List;

import org.junit.jupiter.api.Test;

class TimestampsTest {

    @Test
    void anInstantWithItsOffsetIsReadAsTheSameMomentInUtc() {
        assertEquals(Instant.parse("2026-11-27T08:00:00Z"), Timestamps.parse("2026-11-27T08:00:00Z", "since"));
        assertEquals(
                Instant.parse("2026-11-27T08:00:00.500Z"), Timestamps.parse("2026-11-27T09:00:00.5+01:00", "since"));
        assertEquals(Instant.parse("9999-12-31T23:59:59.999Z"), Timestamps.parse("9999-12-31T23:59:59.999Z", "until"));
    }

    @Test
    void anythingElseIsABadRequestNamingTheParameter() {
        for (String value : List.of(
                "",
                "2026-11-27",
                "2026-11-27T08:00:00",
                "yesterday",
                "1764230400000",
                "+10000-01-01T00:00:00Z",
                "-0001-01-01T00:00:00Z",
                "2026-13-01T00:00:00Z")) {
            ApiException refused = assertThrows(ApiException.class, () -> Timestamps.parse(value, "until"), value);
            assertEquals("bad_request", refused.code(), value);
            assertTrue(refused.getMessage().startsWith("until "), refused.getMessage());
        }
    }
}
