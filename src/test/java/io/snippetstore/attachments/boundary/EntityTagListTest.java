package io.snippetstore.attachments.boundary;

import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import org.junit.jupiter.api.Test;

class EntityTagListTest {

    @Test
    void aStarOrTheTagInAListMatches() {
        assertTrue(EntityTagList.matches("*", "abc", false));
        assertTrue(EntityTagList.matches("\"abc\"", "abc", false));
        assertTrue(EntityTagList.matches("\"x\", \"abc\"", "abc", false));
    }

    @Test
    void aWeakTagMatchesOnlyInTheWeakComparison() {
        assertTrue(EntityTagList.matches("W/\"abc\"", "abc", true));
        assertFalse(EntityTagList.matches("W/\"abc\"", "abc", false));
    }

    @Test
    void garbageMatchesNothingAndIsNoError() {
        for (String garbage : new String[] {"garbage", "\"", "\"abc", "abc", "W/", ",,,", "\"ab\"c\"", "\u0000"}) {
            assertFalse(EntityTagList.matches(garbage, "abc", true), garbage);
        }
    }
}
