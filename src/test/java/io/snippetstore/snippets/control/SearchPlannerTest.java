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
        long[] sizes = {0, 1, 255, 256, 257, 1_024, 1_025, 4_100, 100_000};
        for (long a : sizes) {
            for (long b : sizes) {
                assertEquals(a > b, SearchPlanner.exceeds(new Count(a), new Count(b)), a + " against " + b);
            }
        }
    }

    @Test
    void comparingASmallCountWithAHugeOneReadsInProportionToTheSmallOne() {
        Count rareTerm = new Count(3);
        Count ownSnippets = new Count(1_000_000);
        assertFalse(SearchPlanner.exceeds(rareTerm, ownSnippets));
        assertTrue(ownSnippets.rowsRead <= SearchPlanner.FIRST_BOUND + 1, "read " + ownSnippets.rowsRead + " of the caller's snippets");

        Count commonTerm = new Count(1_000_000);
        Count fewOwn = new Count(5_000);
        assertTrue(SearchPlanner.exceeds(commonTerm, fewOwn));
        assertTrue(commonTerm.rowsRead <= 8 * 5_000, "read " + commonTerm.rowsRead + " of the term's matches");
    }
}
