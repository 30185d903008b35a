package io.snippetstore.snippets.control;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.List;
import java.util.stream.Collectors;

import org.junit.jupiter.api.Test;

class ThreeWayMergeTest {

    private static final String BASE = "one\ntwo\nthree\nfour\nfive\nsix\nseven\n";

    private static String text(List<ThreeWayMerge.Chunk> chunks) {
        assertTrue(ThreeWayMerge.isClean(chunks), chunks::toString);
        return chunks.stream().map(ThreeWayMerge.Chunk::text).collect(Collectors.joining());
    }

    @Test
    void changesToDifferentLinesAreBothTaken() {
        String mine = BASE.replace("two\n", "TWO\n");
        String theirs = BASE.replace("six\n", "SIX\n").concat("eight\n");

        assertEquals("one\nTWO\nthree\nfour\nfive\nSIX\nseven\neight\n", text(ThreeWayMerge.of(BASE, mine, theirs)));
    }

    @Test
    void oneSidesChangesAloneAreTakenAsTheyAre() {
        String theirs = BASE.replace("three\n", "").replace("one\n", "zero\none\n");

        assertEquals(theirs, text(ThreeWayMerge.of(BASE, BASE, theirs)));
        assertEquals(theirs, text(ThreeWayMerge.of(BASE, theirs, BASE)));
    }

    @Test
    void theSameChangeOnBothSidesIsTakenOnce() {
        String both = BASE.replace("four\n", "FOUR\n");

        assertEquals(both, text(ThreeWayMerge.of(BASE, both, both)));
    }

    @Test
    void differentChangesToTheSameLinesAreAConflictWithTheThreeVersionsAndTheRestMerged() {
        String mine = BASE.replace("four\n", "four (mine)\n").replace("one\n", "ONE\n");
        String theirs = BASE.replace("four\n", "four (theirs)\n").replace("seven\n", "SEVEN\n");

        List<ThreeWayMerge.Chunk> chunks = ThreeWayMerge.of(BASE, mine, theirs);

        assertFalse(ThreeWayMerge.isClean(chunks));
        assertEquals(3, chunks.size(), chunks::toString);
        assertEquals("ONE\ntwo\nthree\n", chunks.get(0).text());
        assertEquals(new ThreeWayMerge.Chunk(null, "four\n", "four (mine)\n", "four (theirs)\n"), chunks.get(1));
        assertEquals("five\nsix\nSEVEN\n", chunks.get(2).text());
    }

    @Test
    void changesToAdjacentLinesConflictAsInGit() {
        String mine = BASE.replace("three\n", "THREE\n");
        String theirs = BASE.replace("four\n", "FOUR\n");

        List<ThreeWayMerge.Chunk> chunks = ThreeWayMerge.of(BASE, mine, theirs);

        assertEquals(new ThreeWayMerge.Chunk(null, "three\nfour\n", "THREE\nfour\n", "three\nFOUR\n"), chunks.get(1));
    }

    @Test
    void insertionsAtTheSamePlaceConflictAndAnEmptyBaseWorks() {
        List<ThreeWayMerge.Chunk> chunks = ThreeWayMerge.of("", "mine\n", "theirs\n");

        assertEquals(List.of(new ThreeWayMerge.Chunk(null, "", "mine\n", "theirs\n")), chunks);
        assertEquals("same", text(ThreeWayMerge.of(null, "same", "same")));
        assertEquals("", text(ThreeWayMerge.of("", "", "")));
    }

    @Test
    void aLostFinalLineBreakIsAChangeOfTheLastLine() {
        String mine = BASE.substring(0, BASE.length() - 1);
        String theirs = BASE.replace("one\n", "ONE\n");

        assertEquals("ONE\ntwo\nthree\nfour\nfive\nsix\nseven", text(ThreeWayMerge.of(BASE, mine, theirs)));
    }
}
