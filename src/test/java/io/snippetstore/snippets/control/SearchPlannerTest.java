package io.snippetstore.snippets.control;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.function.LongUnaryOperator;

import org.junit.jupiter.api.Test;

class SearchPlannerTest {

    /** A count that answers "how many, reading at most bound + 1?" and adds up the rows it read. */
    private static final class Count implements LongUnaryOperator {

        final long actual;
        long rowsRead;

        Count(long actual) {
            this.actual = actual;
        }

        @Override
        public long applyAsLong(long bound) {
            long read = Math.min(actual, bound + 1);
            rowsRead += read;
            return read;
        }
    }

    @Test
    void aCountExceedsAnotherExactlyWhenItIsLarger() {
        long[] sizes = {0, 1, 1_023, 1_024, 1_025, 16_384, 16_385, 20_000, 100_000};
        for (long a : sizes) {
            for (long b : sizes) {
                assertEquals(a > b, SearchPlanner.exceeds(new Count(a), new Count(b)), a + " against " + b);
            }
        }
    }

    @Test
    void aRareTermAmongManyOwnSnippetsStopsAfterTheFirstBound() {
        Count rareTermMatches = new Count(3);
        Count ownSnippets = new Count(1_000_000);

        assertFalse(SearchPlanner.exceeds(rareTermMatches, ownSnippets));
        assertEquals(SearchPlanner.FIRST_BOUND + 1, ownSnippets.rowsRead);
        assertEquals(3, rareTermMatches.rowsRead);
    }

    @Test
    void aCommonTermOfAUserWithFewSnippetsReadsOneMoreMatchThanTheyOwn() {
        Count commonTermMatches = new Count(1_000_000);
        Count ownSnippets = new Count(500);

        assertTrue(SearchPlanner.exceeds(commonTermMatches, ownSnippets));
        assertEquals(500, ownSnippets.rowsRead);
        assertEquals(501, commonTermMatches.rowsRead);
    }

    @Test
    void theCostlyCountReadsLittleMoreThanTheCheapOneHolds() {
        Count commonTermMatches = new Count(1_000_000);
        Count ownSnippets = new Count(10_000);

        assertTrue(SearchPlanner.exceeds(commonTermMatches, ownSnippets));
        assertTrue(commonTermMatches.rowsRead <= 1.25 * 10_000, "read " + commonTermMatches.rowsRead + " of the term's matches");

        Count everyOwnSnippetMatches = new Count(100_000);
        Count allOwn = new Count(100_000);
        assertFalse(SearchPlanner.exceeds(everyOwnSnippetMatches, allOwn));
        assertTrue(everyOwnSnippetMatches.rowsRead <= 1.25 * 100_000, "read " + everyOwnSnippetMatches.rowsRead + " of the term's matches");
    }
}
