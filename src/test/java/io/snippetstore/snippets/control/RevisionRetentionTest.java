package io.snippetstore.snippets.control;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;

import java.time.Duration;
import java.time.Instant;
import java.util.Optional;
import java.util.OptionalLong;

import org.junit.jupiter.api.Test;

class RevisionRetentionTest {

    private static final Instant NOW = Instant.parse("2026-11-26T12:00:00Z");

    @Test
    void allKeepsEveryVersion() {
        RevisionRetention all = RevisionRetention.parse(" ALL ");

        assertEquals(OptionalLong.empty(), all.oldestKept(1_000));
        assertEquals(Optional.empty(), all.keptSince(NOW));
    }

    @Test
    void aNumberKeepsThatManyNewestVersionsTheCurrentOneAmongThem() {
        RevisionRetention three = RevisionRetention.parse("3");

        assertEquals(OptionalLong.empty(), three.oldestKept(3), "versions 1 to 3: nothing to prune");
        assertEquals(OptionalLong.of(2), three.oldestKept(4));
        assertEquals(OptionalLong.of(8), three.oldestKept(10));
        assertEquals(Optional.empty(), three.keptSince(NOW));
    }

    @Test
    void daysKeepWhatWasMadeSinceThen() {
        RevisionRetention thirty = RevisionRetention.parse("30d");

        assertEquals(Optional.of(NOW.minus(Duration.ofDays(30))), thirty.keptSince(NOW));
        assertEquals(OptionalLong.empty(), thirty.oldestKept(1_000));
    }

    @Test
    void anythingElseIsRefusedWithTheSettingsName() {
        for (String bad : new String[] {"", "0", "-1", "0d", "d", "ten", "3w", "1.5"}) {
            IllegalArgumentException refused =
                    assertThrows(IllegalArgumentException.class, () -> RevisionRetention.parse(bad), bad);
            assertEquals(true, refused.getMessage().contains("SNIPPETS_REVISIONS_KEEP"), refused.getMessage());
        }
    }
}
